import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Enrolment, StudentProgramme, StudyBreak } from '@lantern/contracts/programme';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { fixtures, type Fixtures } from './enrolments.fixtures';
import { addDays, todayUtc } from './enrolments.dates';

let t: TestApp;
let f: Fixtures;
let kak = 0;
let amm = 0;
beforeAll(async () => {
  t = await buildTestApp();
  f = fixtures(t);
  kak = await f.clcId('KAK');
  amm = await f.clcId('AMM');
});
afterAll(async () => t.close());

type Page = { items: Enrolment[]; total: number; page: number; limit: number };
type Fields = { fields: Record<string, string>; detail: string };

const get = async (user: string, url: string) => t.app.inject({ url, headers: await t.as(user) });
const post = async (user: string, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: await t.as(user), payload });

const yearsAgo = (n: number) => addDays(todayUtc(), -Math.round(n * 365.25));

describe('a programme’s students', () => {
  let programme = { id: 0 };
  let ids: Record<string, number> = {};
  beforeAll(async () => {
    programme = await f.programme('running');
    const a = await f.enrol(programme.id, 'active', {
      firstName: 'Zainab',
      lastName: 'Abdi',
      email: 'zainab@example.org',
    });
    const b = await f.enrol(programme.id, 'applied', { firstName: 'Yonas', lastName: 'Bekele' });
    const c = await f.enrol(programme.id, 'withdrawn', {
      firstName: 'Xavier',
      lastName: 'Castillo',
    });
    const d = await f.enrol(programme.id, 'active', {
      firstName: 'Wafa',
      lastName: 'Darwish',
      clc: 'AMM',
    });
    ids = { a: a.enrolmentId, b: b.enrolmentId, c: c.enrolmentId, d: d.enrolmentId };
    await t.database.query(
      `insert into study_breaks (enrolment_id, starts_on, ends_on, reason) values
         ($1, $2, $3, 'Exams at school'), ($1, $4, $5, 'Earlier break')`,
      [a.enrolmentId, addDays(todayUtc(), -2), addDays(todayUtc(), 5), '2024-01-01', '2024-02-01'],
    );
  });

  it('lists them sorted by last name, each with state, CLC and the break of today', async () => {
    const res = await get(
      'admin',
      `/api/en/programme/professional-certificate/${programme.id}/students`,
    );
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    expect(page.total).toBe(4);
    expect(page.items.map((i) => i.student.lastName)).toEqual([
      'Abdi',
      'Bekele',
      'Castillo',
      'Darwish',
    ]);
    expect(page.items[0]).toMatchObject({
      id: ids.a,
      programmeId: programme.id,
      state: 'active',
      clc: { id: kak, code: 'KAK' },
      class: null,
      onBreak: {
        startsOn: addDays(todayUtc(), -2),
        endsOn: addDays(todayUtc(), 5),
        reason: 'Exams at school',
        current: true,
      },
    });
    expect(page.items[1]?.onBreak).toBeNull();
  });

  it('searches by name, JWL-ID and e-mail; filters by state, CLC and break; sorts and pages', async () => {
    const url = `/api/en/programme/professional-certificate/${programme.id}/students`;
    const names = async (query: string) =>
      (await get('admin', `${url}?${query}`)).json<Page>().items.map((i) => i.student.lastName);
    expect(await names('q=yon')).toEqual(['Bekele']);
    expect(await names('q=ZAINAB@example')).toEqual(['Abdi']);
    const first = (await get('admin', url)).json<Page>().items[2];
    expect(await names(`q=${first?.student.id ?? 0}`)).toEqual(['Castillo']);
    expect(await names('state=active')).toEqual(['Abdi', 'Darwish']);
    expect(await names(`clc=${amm}`)).toEqual(['Darwish']);
    expect(await names('onBreak=true')).toEqual(['Abdi']);
    expect(await names('onBreak=false')).toEqual(['Bekele', 'Castillo', 'Darwish']);
    expect(await names('sort=firstName&dir=asc')).toEqual([
      'Darwish',
      'Castillo',
      'Bekele',
      'Abdi',
    ]);
    expect(await names('sort=lastName&dir=desc&limit=2&page=2')).toEqual(['Bekele', 'Abdi']);
    const tooMany = await get('admin', `${url}?limit=101`);
    expect(tooMany.statusCode).toBe(400);
  });

  it('shows a CLC-bound user only the students at their CLCs', async () => {
    const res = await get(
      'coordinator',
      `/api/en/programme/professional-certificate/${programme.id}/students`,
    );
    expect(res.json<Page>().items.map((i) => i.student.lastName)).toEqual([
      'Abdi',
      'Bekele',
      'Castillo',
    ]);
    const amman = await get(
      'coordinator_2',
      `/api/en/programme/professional-certificate/${programme.id}/students`,
    );
    expect(amman.json<Page>().items.map((i) => i.student.lastName)).toEqual(['Darwish']);
  });

  it('answers 404 for a programme not offered at the user’s CLCs, and 403 without the right', async () => {
    const kakOnly = await f.programme('running', ['KAK']);
    const res = await get(
      'coordinator_2',
      `/api/en/programme/professional-certificate/${kakOnly.id}/students`,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'The programme was not found.' });
    const missing = await get(
      'admin',
      `/api/en/programme/professional-certificate/999999/students`,
    );
    expect(missing.statusCode).toBe(404);
    const student = await get(
      'student',
      `/api/en/programme/professional-certificate/${programme.id}/students`,
    );
    expect(student.json()).toMatchObject({ missingRight: 'PC_STUDENT__DISPLAY' });
  });
});

describe('programme type as a dimension (decision 0006)', () => {
  const idOf = async (code: string, type: string) => {
    const rows = await t.database.query<{ id: number }>(
      'select id from programmes where code = $1 and type = $2',
      [code, type],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`No ${type} programme ${code} in the demo data.`);
    return id;
  };
  const pcStudents = (id: number) => `/api/en/programme/professional-certificate/${id}/students`;
  const baStudents = (id: number) => `/api/en/programme/bachelor/${id}/students`;

  it('lists a bachelor’s students to a university representative under the bachelor right', async () => {
    const bachelor = await idOf('512', 'bachelor');
    const res = await get('university_representative', baStudents(bachelor));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Page>().total).toBeGreaterThan(0);
    const pc = await get('university_representative', pcStudents(bachelor));
    expect(pc.json()).toMatchObject({ missingRight: 'PC_STUDENT__DISPLAY' });
  });

  it('lists a professional certificate’s students to lead faculty', async () => {
    const pc = await idOf('214', 'professional');
    const res = await get('lead_faculty', pcStudents(pc));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 404 for an id of another type, as for an unknown one', async () => {
    const bachelor = await idOf('512', 'bachelor');
    const pc = await idOf('214', 'professional');
    for (const url of [pcStudents(bachelor), baStudents(pc)]) {
      const res = await get('admin', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'The programme was not found.' });
    }
  });
});

describe('adding an applicant by hand', () => {
  it('creates a new person without a password, a STUDENT at the CLC, with a free username', async () => {
    const programme = await f.programme('applying');
    const body = {
      firstName: 'Nyandeng',
      lastName: 'Garang',
      email: 'nyandeng@example.org',
      phone: '0712 000 222',
      birthDate: yearsAgo(20),
      clcId: kak,
    };
    const first = await post(
      'coordinator',
      `/api/en/programme/professional-certificate/${programme.id}/applicants`,
      body,
    );
    expect(first.statusCode, first.body).toBe(200);
    const enrolment = first.json<Enrolment>();
    expect(enrolment).toMatchObject({
      programmeId: programme.id,
      state: 'applied',
      clc: { id: kak, code: 'KAK' },
      student: { firstName: 'Nyandeng', lastName: 'Garang', email: 'nyandeng@example.org' },
    });
    const other = await f.programme('applying');
    // A second person of the same name (born another day) gets the next free username.
    const second = await post(
      'coordinator',
      `/api/en/programme/professional-certificate/${other.id}/applicants`,
      {
        ...body,
        email: 'nyandeng.two@example.org',
        birthDate: yearsAgo(22),
      },
    );
    const usernames = [enrolment, second.json<Enrolment>()].map((e) => e.student.username);
    expect(usernames[1]).toBe(`${usernames[0] ?? ''}2`);
    expect(usernames[0]).toMatch(/^nyandeng\.garang\d*$/);
    const [person] = await t.database.query<{
      password_hash: string | null;
      phone: string;
      roles: string[];
      clcs: number[];
      birth_date: string;
    }>(
      `select u.password_hash, u.phone, sp.birth_date::text as birth_date,
         array(select role_key from user_roles where user_id = u.jwl_id) as roles,
         array(select clc_id from user_clcs where user_id = u.jwl_id) as clcs
       from users u join student_profiles sp on sp.user_id = u.jwl_id where u.jwl_id = $1`,
      [enrolment.student.id],
    );
    expect(person).toEqual({
      password_hash: null,
      phone: '+254712000222',
      roles: ['STUDENT'],
      clcs: [kak],
      birth_date: yearsAgo(20),
    });
    expect((await f.auditOf(enrolment.id)).map((a) => a.action)).toEqual(['applied']);
  });

  it('finds the person an earlier entry created, by name and birth date, as the import does', async () => {
    const programme = await f.programme('applying');
    const body = {
      firstName: 'Achol',
      lastName: 'Deng',
      birthDate: yearsAgo(24),
      clcId: kak,
    };
    const first = await post(
      'coordinator',
      `/api/en/programme/professional-certificate/${programme.id}/applicants`,
      body,
    );
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(
      'coordinator',
      `/api/en/programme/professional-certificate/${programme.id}/applicants`,
      {
        ...body,
        firstName: 'ACHOL',
      },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json<Fields>().fields).toEqual({
      firstName: 'This person is already in the programme',
    });
    // In another programme the same person applies again: found, not created twice.
    const other = await f.programme('applying');
    const elsewhere = await post(
      'coordinator',
      `/api/en/programme/professional-certificate/${other.id}/applicants`,
      body,
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json<Enrolment>().student.id).toBe(first.json<Enrolment>().student.id);
    const people = await t.database.query<{ n: number }>(
      `select count(*)::int as n from users where lower(first_name) = 'achol' and last_name = 'Deng'`,
    );
    expect(people[0]?.n).toBe(1);
  });

  it('makes one person of three entries of a new person at once', async () => {
    const programme = await f.programme('applying');
    const body = {
      firstName: 'Ayen',
      lastName: 'Majok',
      email: 'ayen.majok@example.org',
      birthDate: yearsAgo(19),
      clcId: kak,
    };
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        post(
          'coordinator',
          `/api/en/programme/professional-certificate/${programme.id}/applicants`,
          body,
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400))
      expect(refused.json<Fields>().fields).toEqual({
        firstName: 'This person is already in the programme',
      });
    const people = await t.database.query<{ n: number }>(
      `select count(*)::int as n from users where first_name = 'Ayen' and last_name = 'Majok'`,
    );
    expect(people[0]?.n).toBe(1);
  });

  it('refuses a new person without a birth date (it is what finds them again)', async () => {
    const programme = await f.programme('applying');
    const res = await post(
      'coordinator',
      `/api/en/programme/professional-certificate/${programme.id}/applicants`,
      {
        firstName: 'Akur',
        lastName: 'Thon',
        clcId: kak,
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<Fields>().fields).toEqual({ birthDate: 'This field must be filled' });
  });

  it('matches an existing person by JWL-ID, adds the role and CLC they lack, never twice', async () => {
    const programme = await f.programme('preparing');
    const [facilitator] = await t.database.query<{ id: number }>(
      `select jwl_id as id from users where username = 'facilitator'`,
    );
    const res = await post(
      'coordinator',
      `/api/en/programme/professional-certificate/${programme.id}/applicants`,
      {
        studentId: facilitator?.id,
        clcId: kak,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Enrolment>().student.id).toBe(facilitator?.id);
    const roles = await t.database.query<{ role_key: string }>(
      `select role_key from user_roles where user_id = $1 order by role_key`,
      [facilitator?.id],
    );
    expect(roles.map((r) => r.role_key)).toEqual(['FACILITATOR', 'STUDENT']);
    const again = await post(
      'coordinator',
      `/api/en/programme/professional-certificate/${programme.id}/applicants`,
      {
        studentId: facilitator?.id,
        clcId: kak,
      },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json<Fields>().fields).toEqual({
      studentId: 'This person is already in the programme',
    });
    const [count] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from enrolments where programme_id = $1`,
      [programme.id],
    );
    expect(count?.n).toBe(1);
  });

  it('shows each wrong field with the spec’s texts and saves nothing', async () => {
    const programme = await f.programme('applying', ['KAK']);
    const url = `/api/en/programme/professional-certificate/${programme.id}/applicants`;
    const form = await post('coordinator', url, {
      firstName: '',
      lastName: 'Deng',
      email: 'not-an-email',
      birthDate: '2001-13-40',
      clcId: kak,
    });
    expect(form.statusCode).toBe(400);
    expect(form.json<Fields>().fields).toEqual({
      firstName: 'This field must be filled',
      email: 'Must be a valid E-Mail address',
      birthDate: 'Please provide a valid Date',
    });
    const semantic = await post('coordinator', url, {
      firstName: 'Akech',
      lastName: 'Deng',
      phone: '12',
      birthDate: yearsAgo(10),
      clcId: amm,
    });
    expect(semantic.json<Fields>().fields).toEqual({
      clcId: 'Please select a valid option',
      birthDate: 'None plausible date of birth. The age must be between 15 and 100.',
      phone: 'Please enter a valid phone number',
    });
    const [coordinator2] = await t.database.query<{ id: number }>(
      `select jwl_id as id from users where username = 'coordinator_2'`,
    );
    // Staff of another CLC cannot be attached by a CLC-bound coordinator.
    const outOfReach = await post('coordinator', url, { studentId: coordinator2?.id, clcId: kak });
    expect(outOfReach.json<Fields>().fields).toEqual({ studentId: 'No person has this JWL-ID' });
    const tooLarge = await post('coordinator', url, { studentId: 99_999_999_999, clcId: kak });
    expect(tooLarge.json<Fields>().fields).toEqual({ studentId: 'No person has this JWL-ID' });
    const noSuchDay = await post('coordinator', url, {
      firstName: 'Akech',
      lastName: 'Deng',
      birthDate: '2001-02-30',
      clcId: kak,
    });
    expect(noSuchDay.json<Fields>().fields).toEqual({ birthDate: 'Please provide a valid Date' });
    const unknown = await post('coordinator', url, { studentId: 'abc', clcId: kak });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json<Fields>().fields)).toEqual(['studentId']);
    const [count] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from enrolments where programme_id = $1`,
      [programme.id],
    );
    expect(count?.n).toBe(0);
  });

  it('is refused while the programme is not taking applicants', async () => {
    for (const status of ['new', 'running', 'finished', 'cancelled'] as const) {
      const programme = await f.programme(status);
      const res = await post(
        'coordinator',
        `/api/en/programme/professional-certificate/${programme.id}/applicants`,
        {
          firstName: 'Late',
          lastName: 'Applicant',
          birthDate: yearsAgo(25),
          clcId: kak,
        },
      );
      expect(res.statusCode).toBe(409);
      expect(res.json<Fields>().detail).toBe(
        `Applicants can be added only while the programme is applying, preparing or preparation done; it is ${status}.`,
      );
    }
    const [count] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from users where first_name = 'Late' and last_name = 'Applicant'`,
    );
    expect(count?.n).toBe(0);
  });
});

describe('study breaks', () => {
  const url = (programmeId: number, enrolmentId: number, rest = '') =>
    `/api/en/programme/professional-certificate/${programmeId}/students/${enrolmentId}/breaks${rest}`;

  it('adds, lists, ends early and removes breaks, each audited', async () => {
    const programme = await f.programme('running');
    const who = await f.enrol(programme.id, 'active');
    const today = todayUtc();
    const current = await post('coordinator', url(programme.id, who.enrolmentId), {
      startsOn: addDays(today, -3),
      endsOn: addDays(today, 10),
      reason: 'Harvest',
    });
    expect(current.statusCode, current.body).toBe(200);
    const future = await post('coordinator', url(programme.id, who.enrolmentId), {
      startsOn: addDays(today, 20),
      endsOn: addDays(today, 30),
    });
    const breaks = future.json<StudyBreak[]>();
    expect(breaks.map((b) => [b.startsOn, b.endsOn, b.current, b.reason])).toEqual([
      [addDays(today, -3), addDays(today, 10), true, 'Harvest'],
      [addDays(today, 20), addDays(today, 30), false, null],
    ]);
    const overlap = await post('coordinator', url(programme.id, who.enrolmentId), {
      startsOn: addDays(today, 5),
      endsOn: addDays(today, 22),
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json<Fields>().fields).toEqual({
      startsOn: `Overlaps the study break from ${addDays(today, -3)} to ${addDays(today, 10)}`,
    });
    const noSuchDay = await post('coordinator', url(programme.id, who.enrolmentId), {
      startsOn: '2030-02-30',
      endsOn: '2030-03-31',
    });
    expect(noSuchDay.json<Fields>().fields).toEqual({ startsOn: 'Please provide a valid Date' });
    const wrongOrder = await post('coordinator', url(programme.id, who.enrolmentId), {
      startsOn: addDays(today, 50),
      endsOn: addDays(today, 40),
    });
    expect(wrongOrder.json<Fields>().fields).toEqual({
      endsOn: 'The end date must not be before the start date',
    });

    const [started, notStarted] = breaks;
    const ended = await post(
      'coordinator',
      url(programme.id, who.enrolmentId, `/${started?.id ?? 0}/end`),
      {},
    );
    expect(ended.json<StudyBreak[]>()[0]).toMatchObject({
      id: started?.id,
      endsOn: addDays(today, -1),
      current: false,
    });
    const endedAgain = await post(
      'coordinator',
      url(programme.id, who.enrolmentId, `/${started?.id ?? 0}/end`),
      {},
    );
    expect(endedAgain.statusCode).toBe(409);
    // A break that has not begun is removed when ended.
    const endedFuture = await post(
      'coordinator',
      url(programme.id, who.enrolmentId, `/${notStarted?.id ?? 0}/end`),
      {},
    );
    expect(endedFuture.json<StudyBreak[]>().map((b) => b.id)).toEqual([started?.id]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: url(programme.id, who.enrolmentId, `/${started?.id ?? 0}`),
      headers: await t.as('coordinator'),
    });
    expect(removed.json()).toEqual([]);
    const listed = await get('coordinator', url(programme.id, who.enrolmentId));
    expect(listed.json()).toEqual([]);
    expect((await f.auditOf(who.enrolmentId)).map((a) => a.action)).toEqual([
      'break.added',
      'break.added',
      'break.ended',
      'break.ended',
      'break.removed',
    ]);
    expect(await f.enrolment(who.enrolmentId)).toMatchObject({ state: 'active', version: 6 });
  });

  it('takes breaks only for active students of an open programme, in reach', async () => {
    const programme = await f.programme('running');
    const applied = await f.enrol(programme.id, 'applied', {
      firstName: 'Omar',
      lastName: 'Saleh',
    });
    const res = await post('coordinator', url(programme.id, applied.enrolmentId), {
      startsOn: todayUtc(),
      endsOn: addDays(todayUtc(), 3),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<Fields>().detail).toBe(
      'Omar Saleh is applied; a study break is possible only for an active student.',
    );
    const finished = await f.programme('finished');
    const done = await f.enrol(finished.id, 'active');
    const closed = await post('coordinator', url(finished.id, done.enrolmentId), {
      startsOn: todayUtc(),
      endsOn: addDays(todayUtc(), 3),
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json<Fields>().detail).toBe(
      'The programme is finished; Suspend (study break) is possible only while it is applying, preparing, preparation done or running.',
    );
    expect(
      await t.database.query(`select id from study_breaks where enrolment_id = $1`, [
        done.enrolmentId,
      ]),
    ).toEqual([]);
    const amman = await f.enrol(programme.id, 'active', { clc: 'AMM' });
    const outOfReach = await get('coordinator', url(programme.id, amman.enrolmentId));
    expect(outOfReach.statusCode).toBe(404);
    const viewer = await post('view_only_user', url(programme.id, amman.enrolmentId), {
      startsOn: todayUtc(),
      endsOn: todayUtc(),
    });
    expect(viewer.json()).toMatchObject({ missingRight: 'PC_BREAK__EDIT' });
    const missing = await t.app.inject({
      method: 'DELETE',
      url: url(programme.id, amman.enrolmentId, '/999999'),
      headers: await t.as('admin'),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a student’s programmes', () => {
  it('lists each with state, class, CLC, breaks and who did what', async () => {
    const first = await f.programme('running');
    const second = await f.programme('applying');
    const who = await f.enrol(first.id, 'applied', { firstName: 'Sifa', lastName: 'Mukendi' });
    await t.database.query(
      `insert into enrolments (programme_id, user_id, clc_id, state) values ($1, $2, $3, 'applied')`,
      [second.id, who.userId, kak],
    );
    await post(
      'coordinator',
      `/api/en/programme/professional-certificate/${first.id}/students/actions/accept`,
      {
        enrolmentIds: [who.enrolmentId],
        reason: 'Strong application',
      },
    );
    await post(
      'coordinator',
      `/api/en/programme/professional-certificate/${first.id}/students/actions/suspend`,
      {
        enrolmentIds: [who.enrolmentId],
        breakEndsOn: addDays(todayUtc(), 14),
      },
    );
    const res = await get('coordinator', `/api/en/student/${who.userId}/programmes`);
    expect(res.statusCode).toBe(200);
    const programmes = res.json<StudentProgramme[]>();
    expect(programmes.map((p) => p.programme.id).sort()).toEqual([first.id, second.id].sort());
    const running = programmes.find((p) => p.programme.id === first.id);
    expect(running).toMatchObject({
      enrolmentId: who.enrolmentId,
      programme: { code: first.code, title: first.title, type: 'professional', status: 'running' },
      state: 'active',
      clc: { code: 'KAK' },
      onBreak: { startsOn: todayUtc(), endsOn: addDays(todayUtc(), 14), current: true },
    });
    expect(running?.breaks).toHaveLength(1);
    expect(running?.history.map((h) => h.action)).toEqual(['suspend', 'accept']);
    expect(running?.history[1]).toMatchObject({
      actor: { name: 'John Deng' },
      changes: { state: { from: 'applied', to: 'active' }, reason: 'Strong application' },
    });
  });

  it('answers 404 for a student beyond the user’s CLCs', async () => {
    const programme = await f.programme('running');
    const who = await f.enrol(programme.id, 'active');
    const res = await get('coordinator_2', `/api/en/student/${who.userId}/programmes`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'The student was not found.' });
    const none = await get('admin', `/api/en/student/999999/programmes`);
    expect(none.statusCode).toBe(404);
  });
});
