import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_SIZE_BYTES } from '@lantern/contracts/constants';
import { UPLOAD_CHUNK_BYTES } from '@lantern/contracts/uploads';
import { baseDataSchema, type BaseData, type MenuNode } from '@lantern/contracts/current-user';
import { ROLE_KEYS, defaultRightsOf } from '@lantern/contracts/roles';
import type { ClassPage } from '@lantern/contracts/teaching';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  clcIdsByCode,
  enrol,
  freeCode,
  insertProgramme,
  studentIds,
  userId,
  type ClcIds,
} from '../programmes/public';

let t: TestApp;
let clc: ClcIds;
beforeAll(async () => {
  t = await buildTestApp();
  clc = await clcIdsByCode(t);
});
afterAll(async () => t.close());

const lms = (headers: { authorization: string }, query = '') =>
  t.app.inject({ url: `/api/general/current-user/lms${query}`, headers });

const baseData = async (username: string): Promise<BaseData> => {
  const res = await lms(await t.as(username));
  expect(res.statusCode, `${username}: ${res.body}`).toBe(200);
  return baseDataSchema.parse(res.json());
};

/** Base data as another person, through impersonation (the generated students have no password). */
const baseDataOf = async (username: string): Promise<BaseData> => {
  const res = await lms(await t.as('super_admin'), `?_switch_user=${username}`);
  expect(res.statusCode, `${username}: ${res.body}`).toBe(200);
  return baseDataSchema.parse(res.json());
};

const node = (menu: MenuNode[], id: string) => menu.find((n) => n.id === id);
/** Every link below a node, flyout groups included. */
const links = (n: MenuNode | undefined): MenuNode[] =>
  (n?.children ?? []).flatMap((c) => [...(c.path !== null ? [c] : []), ...links(c)]);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const idsIn = (paths: (string | null)[], page: string) =>
  sorted(
    paths.flatMap((p) => {
      const match = new RegExp(`^${page}/(\\d+)$`).exec(p ?? '');
      return match ? [Number(match[1])] : [];
    }),
  );

/** The running and upcoming classes of "All my classes", in its order (GEL has no lms class). */
const currentClasses = async (username: string): Promise<number[]> => {
  const res = await t.app.inject({
    url: '/api/en/lms/classes?phase=current&limit=100',
    headers: await t.as(username),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<ClassPage>()
    .items.filter((k) => k.programme.type !== 'gel')
    .map((k) => k.id);
};

describe('GET /api/general/current-user/lms', () => {
  it('answers every demo role holding GENERAL_LMS__DISPLAY, and refuses the others the right', async () => {
    for (const role of ROLE_KEYS) {
      const username = role.toLowerCase();
      const res = await lms(await t.as(username));
      if (!defaultRightsOf(role).includes('GENERAL_LMS__DISPLAY')) {
        expect(res.statusCode, username).toBe(403);
        expect(res.json(), username).toMatchObject({
          code: 'MISSING_RIGHT',
          missingRight: 'GENERAL_LMS__DISPLAY',
        });
        continue;
      }
      expect(res.statusCode, `${username}: ${res.body}`).toBe(200);
      const body = baseDataSchema.parse(res.json());
      expect(body.basicSystemData).toMatchObject({
        mode: 'lms',
        locale: 'en',
        languages: ['en', 'es', 'ar'],
        rtlLanguages: ['ar'],
        videoHosts: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        upload: { maxBytes: MAX_FILE_SIZE_BYTES, chunkBytes: UPLOAD_CHUNK_BYTES },
      });
      expect(body.user.learning, username).not.toBeNull();
      expect(body.user.locale).toBe('en');
      // lms home is the learning page, never the sis start page.
      expect(body.menu[0], username).toEqual({ id: 'home', label: 'Home', path: 'learning' });
      expect(body.menu.map((n) => n.id)).not.toContain('people');
    }
  });

  it('says who learns, teaches and authors', async () => {
    const student = await baseData('student');
    expect(student.user.learning).toEqual({
      isLearner: true,
      teaches: false,
      authors: false,
      seeAllCourses: false,
      studyBreakUntil: null,
    });
    const facilitator = (await baseData('facilitator')).user.learning;
    expect(facilitator).toMatchObject({ isLearner: false, teaches: true, authors: false });
    const leadFaculty = (await baseData('lead_faculty')).user.learning;
    expect(leadFaculty).toMatchObject({ isLearner: false, authors: true, seeAllCourses: false });
  });

  it('gives the end of a study break covering today in an active enrolment', async () => {
    const student = await userId(t, 'student');
    const [enrolment] = await t.database.query<{ id: number }>(
      `select id from enrolments where user_id = $1 and state = 'active' order by id limit 1`,
      [student],
    );
    expect(enrolment).toBeDefined();
    const until = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const [inserted] = await t.database.query<{ id: number }>(
      `insert into study_breaks (enrolment_id, starts_on, ends_on)
       values ($1, (now() at time zone 'utc')::date - 3, $2) returning id`,
      [enrolment?.id, until],
    );
    expect((await baseData('student')).user.learning?.studyBreakUntil).toBe(until);
    await t.database.query('delete from study_breaks where id = $1', [inserted?.id]);
    expect((await baseData('student')).user.learning?.studyBreakUntil).toBeNull();
  });

  it('refuses system role manager, whatever its rights, and keeps the sis open to it', async () => {
    await t.database.exec(
      `update users set system_role = 'manager' where username = 'academic_manager'`,
    );
    const headers = await t.as('academic_manager');
    const res = await lms(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'LMS_NOT_AVAILABLE',
      detail: 'Managers work in the student information system only.',
    });
    const sis = await t.app.inject({ url: '/api/general/current-user/sis', headers });
    expect(sis.statusCode).toBe(200);
    expect(sis.json<BaseData>().user.role).toBe('manager');
    await t.database.exec(
      `update users set system_role = 'user' where username = 'academic_manager'`,
    );
  });

  it('keeps the sis answer as it was: no learning flags, no lms system data', async () => {
    const res = await t.app.inject({
      url: '/api/general/current-user/sis',
      headers: await t.as('facilitator'),
    });
    const body = baseDataSchema.parse(res.json());
    expect(body.user.learning).toBeNull();
    expect(body.user.locale).toBe('en');
    expect(body.basicSystemData.mode).toBe('sis');
    expect(body.basicSystemData.languages).toBeUndefined();
    expect(body.basicSystemData.upload).toBeUndefined();
  });
});

describe('PUT /api/general/current-user/locale', () => {
  it('keeps the person’s choice, on record, and gives it back in the base data', async () => {
    const headers = await t.as('student');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/general/current-user/locale',
      headers,
      payload: { locale: 'ar' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ locale: 'ar' });
    expect((await baseData('student')).user.locale).toBe('ar');
    // Each person has their own: another sign-in is untouched.
    expect((await baseData('facilitator')).user.locale).toBe('en');
    const [entry] = await t.database.query<{ changes: unknown }>(
      `select l.changes from audit_log l join users u on u.jwl_id = l.actor_id
        where l.action = 'user.locale' and u.username = 'student' order by l.id desc limit 1`,
    );
    expect(entry?.changes).toEqual({ locale: { from: null, to: 'ar' } });
    const form = await t.app.inject({
      method: 'PUT',
      url: '/api/general/current-user/locale',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'locale=es',
    });
    expect(form.json()).toEqual({ locale: 'es' });
    expect((await baseData('student')).user.locale).toBe('es');
  });

  it('refuses a language the switcher does not offer, and a caller who is not signed in', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/general/current-user/locale',
      headers: await t.as('coordinator'),
      payload: { locale: 'fr' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string; fields?: Record<string, string> }>()).toMatchObject({
      code: 'VALIDATION',
      fields: { locale: expect.any(String) as string },
    });
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/general/current-user/locale',
      payload: { locale: 'es' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the lms menu', () => {
  /** A fresh programme with courses, offered at KAK. */
  const programme = async (
    type: 'professional' | 'bachelor' | 'language' | 'orientation',
    status = 'running',
  ) => {
    const code = await freeCode(t, type);
    return insertProgramme(t, {
      type,
      code,
      title: `Menu ${type} ${code}`,
      startDate: '2026-01-05',
      status,
      clcIds: [clc.KAK],
      courses: [
        { code: `M${code}b`, units: 3, position: 2 },
        { code: `M${code}a`, units: 3, position: 1 },
      ],
    });
  };
  const firstCourse = async (programmeId: number) => {
    const [row] = await t.database.query<{ id: number }>(
      'select id from programme_courses where programme_id = $1 order by position, id limit 1',
      [programmeId],
    );
    return row?.id ?? 0;
  };
  /** A generated student taken out of every programme, to enrol afresh. */
  const freshStudent = async (offset: number) => {
    const [id] = await studentIds(t, 1, offset);
    await t.database.query(`update enrolments set state = 'withdrawn' where user_id = $1`, [id]);
    await t.database.query(`delete from course_enrolments where student_id = $1`, [id]);
    const [row] = await t.database.query<{ username: string }>(
      'select username from users where jwl_id = $1',
      [id],
    );
    return { id: id ?? 0, username: row?.username ?? '' };
  };

  it('gives a learner Home, Courses and Progress, and no Classes', async () => {
    const { menu } = await baseData('student');
    expect(menu.map((n) => n.id)).toEqual(['home', 'course', 'progress']);
    expect(node(menu, 'progress')).toEqual({ id: 'progress', label: 'Progress', path: 'track' });
  });

  it('gives Progress to learners only: not to staff who hold every right but sit in no course', async () => {
    for (const username of ['super_admin', 'admin', 'academic_manager', 'view_only_user']) {
      const res = await lms(await t.as(username));
      if (res.statusCode !== 200) continue;
      const { menu } = baseDataSchema.parse(res.json());
      expect(node(menu, 'progress'), username).toBeUndefined();
    }
    // A student without any course yet still learns.
    const { username } = await freshStudent(43);
    expect(node((await baseDataOf(username)).menu, 'progress')).toBeDefined();
  });

  it('lists the demo student’s own programmes: those they learn in, not every one of their CLC', async () => {
    const student = await userId(t, 'student');
    const own = await t.database.query<{ id: number; type: string; first: number }>(
      `select p.id, p.type::text as type, min(c.id) as first from course_learners cl
         join programme_courses c on c.id = cl.course_id join programmes p on p.id = c.programme_id
        where cl.student_id = $1 and p.status <> 'cancelled' and p.type <> 'gel'
        group by p.id`,
      [student],
    );
    const concentrations = own.filter((r) => r.type !== 'orientation');
    expect(concentrations.length).toBeGreaterThan(0);
    const course = node((await baseData('student')).menu, 'course');
    const paths = course?.path ? [course.path] : links(course).map((l) => l.path);
    expect(idsIn(paths, 'concentration_home')).toEqual(sorted(concentrations.map((r) => r.id)));
    expect(idsIn(paths, 'orientation_course')).toHaveLength(own.length - concentrations.length);
  });

  it('makes Courses a direct link for one concentration and no orientation', async () => {
    const { id, username } = await freshStudent(40);
    const pc = await programme('professional');
    await enrol(t, pc, id, 'active');
    const course = node((await baseDataOf(username)).menu, 'course');
    expect(course).toMatchObject({
      path: `concentration_home/${pc}`,
      children: [],
      item: {
        id: `programme-${pc}`,
        label: expect.stringContaining('Menu professional') as string,
      },
    });
    expect(course?.item?.type).toBe('other');
  });

  it('groups several concentrations and an orientation, each entry with its menu item', async () => {
    const { id, username } = await freshStudent(41);
    const pc = await programme('professional');
    const ba = await programme('bachelor');
    const lang = await programme('language', 'finished');
    const orientation = await programme('orientation');
    const applied = await programme('professional');
    const additional = await programme('professional');
    await enrol(t, pc, id, 'active');
    await enrol(t, ba, id, 'active');
    // A bachelor student learns the courses a term places them in (decision 0022).
    await t.database.query(
      `with term as (
         insert into ba_terms (programme_id, year, season, name, start_date, weeks)
         values ($1, 2026, 'sp', 'Spring 2026', '2026-01-05', 12) returning id),
       offering as (
         insert into ba_offerings (term_id, course_id) select term.id, $2 from term returning id)
       insert into ba_student_courses (offering_id, enrolment_id)
       select offering.id, e.id from offering, enrolments e where e.programme_id = $1 and e.user_id = $3`,
      [ba, await firstCourse(ba), id],
    );
    await enrol(t, lang, id, 'completed');
    await enrol(t, orientation, id, 'active');
    // Applied to, not learning yet: not theirs to open.
    await enrol(t, applied, id, 'applied');
    // An additional course in a programme they are not enrolled in (ADDITIONAL_COURSES).
    await t.database.query(
      `insert into course_enrolments (course_id, student_id, source, status) values ($1, $2, 'additional', 'active')`,
      [await firstCourse(additional), id],
    );
    const course = node((await baseDataOf(username)).menu, 'course');
    expect(course?.path).toBeNull();
    expect(course?.children?.map((g) => g.label)).toEqual([
      'Academic certificate and degree',
      'Short term academic programme',
      'Language',
      'Orientation',
    ]);
    const paths = links(course).map((l) => l.path);
    expect(idsIn(paths, 'concentration_home')).toEqual(sorted([pc, ba, lang, additional]));
    expect(paths).toContain(`orientation_course/${await firstCourse(orientation)}`);
    expect(paths).not.toContain(`concentration_home/${applied}`);
    const entry = links(course).find((l) => l.path === `concentration_home/${ba}`);
    expect(entry?.item).toEqual({
      id: `programme-${ba}`,
      code: expect.any(String) as string,
      label: expect.stringContaining('Menu bachelor') as string,
      startDate: '2026-01-05',
      endDate: '2026-07-24',
      type: 'other',
    });
    const orientationEntry = links(course).find((l) => l.path?.startsWith('orientation_course/'));
    expect(orientationEntry?.item?.type).toBe('orientation');
  });

  it('leaves a learner without concentrations a Courses flyout with nothing in it', async () => {
    const { username } = await freshStudent(42);
    const course = node((await baseDataOf(username)).menu, 'course');
    expect(course).toEqual({
      id: 'course',
      label: 'Courses',
      path: null,
      flyout: 'course',
      children: [],
    });
  });

  it('gives staff the classes they staff and the programmes of those classes', async () => {
    const facilitator = await userId(t, 'facilitator');
    const { menu } = await baseData('facilitator');
    // Facilitators publish onsite grades, so they ask for (and follow) grade requests (0021 §2.2),
    // and they record the dropout follow-ups of their classes (§3.4).
    expect(menu.map((n) => n.id)).toEqual([
      'home',
      'course',
      'class',
      'grade-requests',
      'dropout-follow-ups',
    ]);
    const classes = node(menu, 'class');
    expect(classes?.children?.[0]).toEqual({
      id: 'class-all',
      label: 'All my classes',
      path: 'class_root',
    });
    // The running and upcoming classes they staff, as "All my classes" lists them first, cut at
    // 15 (decision 0019, "Class lists"; the order is class-lists.test's).
    const current = await currentClasses('facilitator');
    expect(current.length).toBeGreaterThan(0);
    const staffed = await t.database.query<{ id: number }>(
      `select class_id as id from class_staff where user_id = $1`,
      [facilitator],
    );
    expect(current.every((id) => staffed.some((r) => r.id === id))).toBe(true);
    expect(
      idsIn(
        links(classes).map((l) => l.path),
        'class',
      ),
    ).toEqual(sorted(current.slice(0, 15)));
    const course = node(menu, 'course');
    const paths = course?.path ? [course.path] : links(course).map((l) => l.path);
    const withCourses = await t.database.query<{ id: number }>(
      `select distinct k.programme_id as id from classes k join class_staff cs on cs.class_id = k.id
         join programmes p on p.id = k.programme_id
        where cs.user_id = $1 and p.status not in ('finished', 'cancelled') and p.type <> 'gel'
          and exists (select 1 from programme_courses c where c.programme_id = p.id)`,
      [facilitator],
    );
    expect(idsIn(paths, 'concentration_home')).toEqual(sorted(withCourses.map((r) => r.id)));
  });

  it('gives an author the programmes they may author', async () => {
    const fresh = await programme('professional', 'preparing');
    const course = node((await baseData('lead_faculty')).menu, 'course');
    expect(links(course).map((l) => l.path)).toContain(`concentration_home/${fresh}`);
    const finished = await programme('professional', 'finished');
    const again = node((await baseData('lead_faculty')).menu, 'course');
    expect(links(again).map((l) => l.path)).not.toContain(`concentration_home/${finished}`);
  });

  it('gives seeAllCourses every preparing or running programme and every class', async () => {
    await t.database.exec(
      `update users set system_role = 'seeAllCourses' where username = 'faculty'`,
    );
    const preparing = await programme('language', 'preparing');
    const fresh = await programme('professional', 'new');
    const { user, menu } = await baseData('faculty');
    expect(user.learning?.seeAllCourses).toBe(true);
    const paths = links(node(menu, 'course')).map((l) => l.path);
    const expected = await t.database.query<{ id: number }>(
      `select p.id from programmes p where p.type in ('professional', 'bachelor', 'language')
          and p.status in ('preparing', 'prep_done', 'running')
          and exists (select 1 from programme_courses c where c.programme_id = p.id)`,
    );
    expect(idsIn(paths, 'concentration_home')).toEqual(sorted(expected.map((r) => r.id)));
    expect(paths).toContain(`concentration_home/${preparing}`);
    expect(paths).not.toContain(`concentration_home/${fresh}`);
    const current = await currentClasses('faculty');
    const all = await t.database.query<{ n: number }>(
      `select count(*)::int as n from classes k join programmes p on p.id = k.programme_id
        where p.type <> 'gel' and p.status not in ('finished', 'cancelled')`,
    );
    expect(current.length).toBeLessThanOrEqual(all[0]?.n ?? 0);
    expect(
      idsIn(
        links(node(menu, 'class')).map((l) => l.path),
        'class',
      ),
    ).toEqual(sorted(current.slice(0, 15)));
    await t.database.exec(`update users set system_role = 'user' where username = 'faculty'`);
  });
});
