import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COURSE_STATUS_ACTION_KEYS,
  COURSE_STATUS_ACTIONS,
  COURSE_STATUSES,
  currentTermYear,
  inDropDeleteWindow,
} from '@lantern/contracts/bachelor';
import type {
  Classroom,
  ClassroomDetail,
  Offering,
  StudentCourse,
  StudentCourseList,
  Term,
  TermList,
} from '@lantern/contracts/bachelor-terms';
import { buildTestApp, type TestApp } from '../../../test/helpers';

/**
 * Terms, offerings, student courses and classrooms of the demo bachelor programme 512 (18 active
 * students at KAK, AMM and ERB). Terms made here are in years the demo never uses (2020, 2031–).
 */
let t: TestApp;
let admin: Record<string, string>;
let programmeId = 0;
let base = '';
let courses: { id: number; code: string }[] = [];
let students: { id: number; clc: string; clc_id: number; clc_name: string }[] = [];

function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('The fixture lacks a row.');
  return value;
}
const at = <T>(values: readonly T[], index: number): T => must(values[index]);
const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.query<T>(text, params);
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer
async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = admin,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url: `${base}${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  type Body = T & { detail?: string; fields?: Record<string, string> };
  return { status: res.statusCode, body: (json ? res.json() : {}) as Body, raw: res };
}

async function makeTerm(year: number, season: 'sp' | 'su' | 'fa', startDate = day(0)) {
  const res = await call<Term>('POST', '/terms', admin, {
    year,
    season,
    name: `Term ${year} ${season}`,
    startDate,
    weeks: 12,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function offer(termId: number, courseId: number, capacity = 30) {
  const res = await call<Offering>('POST', `/terms/${termId}/offerings`, admin, {
    courseId,
    capacity,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function placeAll(offeringId: number, ids = students.map((s) => s.id)) {
  return call<{ placed: number }>('POST', `/offerings/${offeringId}/students`, admin, {
    enrolmentIds: ids,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
  const [p] = await q<{ id: number }>(`select id from programmes where code = '512'`);
  programmeId = must(p).id;
  base = `/api/en/programme/bachelor/${programmeId}`;
  courses = await q(
    `select id, code from programme_courses where programme_id = $1 order by position, code`,
    [programmeId],
  );
  students = await q(
    `select e.id, c.code as clc, c.id as clc_id, c.name as clc_name from enrolments e join clcs c on c.id = e.clc_id
      where e.programme_id = $1 and e.state = 'active' order by e.id`,
    [programmeId],
  );
});
afterAll(async () => t.close());

describe('terms', () => {
  it('lists the current calendar year when no year is given', async () => {
    const res = await call<TermList>('GET', '/terms');
    expect(res.status).toBe(200);
    expect(res.body.year).toBe(currentTermYear());
    expect(res.body.year).toBe(new Date().getUTCFullYear());
    expect((await call('GET', '/terms?year=abc')).status).toBe(400);
  });

  it('creates one term a season a year, edits it at its version, deletes it while empty', async () => {
    const term = await makeTerm(2031, 'sp');
    expect(term.key).toBe('2031-sp');
    const again = await call('POST', '/terms', admin, {
      year: 2031,
      season: 'sp',
      name: 'Again',
      startDate: '2031-02-01',
      weeks: 10,
    });
    expect(again.status).toBe(400);
    expect(again.body.fields?.season).toMatch(/already has/);
    const badWeeks = await call('POST', '/terms', admin, {
      year: 2031,
      season: 'su',
      name: 'Long',
      startDate: '2031-06-01',
      weeks: 53,
    });
    expect(badWeeks.status).toBe(400);
    expect(badWeeks.body.fields?.weeks).toBeDefined();

    const edited = await call<Term>('PUT', `/terms/${term.id}`, admin, {
      name: 'Spring 2031',
      startDate: '2031-02-02',
      weeks: 14,
      version: term.version,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Spring 2031', weeks: 14, startDate: '2031-02-02' });
    const stale = await call('PUT', `/terms/${term.id}`, admin, {
      name: 'Late',
      startDate: '2031-02-02',
      weeks: 14,
      version: term.version,
    });
    expect(stale.status).toBe(409);

    const listed = await call<TermList>('GET', '/terms?year=2031');
    expect(listed.body.terms.map((x) => x.key)).toEqual(['2031-sp']);

    const offering = await offer(term.id, at(courses, 0).id);
    expect((await placeAll(offering.id, [at(students, 0).id])).status).toBe(200);
    const refused = await call('DELETE', `/terms/${term.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/only while no student/);
    expect((await call('DELETE', `/offerings/${offering.id}`)).status).toBe(409);
    await q(`delete from ba_student_courses where offering_id = $1`, [offering.id]);
    expect((await call('DELETE', `/terms/${term.id}`)).status).toBe(200);
    const [audits] = await q<{ n: number }>(
      `select count(*)::int as n from audit_log where entity_type = 'ba_term' and entity_id = $1`,
      [String(term.id)],
    );
    expect(audits?.n).toBe(3);
  });

  it('offers a course once a term, adds internships, keeps capacity above those placed', async () => {
    const term = await makeTerm(2032, 'fa');
    const offering = await offer(term.id, at(courses, 0).id, 5);
    const twice = await call('POST', `/terms/${term.id}/offerings`, admin, {
      courseId: at(courses, 0).id,
      capacity: 5,
    });
    expect(twice.status).toBe(400);
    const foreign = await call('POST', `/terms/${term.id}/offerings`, admin, {
      courseId: 1_000_000,
      capacity: 5,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields?.courseId).toMatch(/course of this programme/);

    const internship = await call<Offering>('POST', `/terms/${term.id}/create-internship`, admin, {
      title: 'Community internship',
      courseId: at(courses, 1).id,
      capacity: 3,
    });
    expect(internship.status).toBe(200);
    expect(internship.body).toMatchObject({ kind: 'internship', title: 'Community internship' });
    const second = await call<Offering>('POST', `/terms/${term.id}/create-internship`, admin, {
      title: 'Library internship',
      courseId: at(courses, 1).id,
      capacity: 3,
    });
    expect(second.status).toBe(200);

    expect(
      (
        await placeAll(
          offering.id,
          students.slice(0, 4).map((s) => s.id),
        )
      ).status,
    ).toBe(200);
    const full = await placeAll(
      offering.id,
      students.slice(4, 6).map((s) => s.id),
    );
    expect(full.status).toBe(409);
    expect(full.body.detail).toMatch(/has 1 free places of 5; 2 students do not fit/);
    expect((await placeAll(offering.id, [at(students, 4).id])).status).toBe(200);
    const none = await placeAll(offering.id, [at(students, 5).id]);
    expect(none.status).toBe(409);
    expect(none.body.detail).toMatch(/is full/);
    // Placing someone already placed again is no change and takes no place.
    expect((await placeAll(offering.id, [at(students, 0).id])).body).toMatchObject({ placed: 0 });

    const lower = await call('PUT', `/offerings/${offering.id}`, admin, {
      capacity: 3,
      version: offering.version,
    });
    expect(lower.status).toBe(400);
    const raised = await call<Offering>('PUT', `/offerings/${offering.id}`, admin, {
      capacity: 8,
      version: offering.version,
    });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ capacity: 8, placed: 5 });
    expect(
      (await call('PUT', `/offerings/${offering.id}`, admin, { capacity: 9, version: 1 })).status,
    ).toBe(409);

    // Only active students of the programme are placed.
    const [other] = await q<{ id: number }>(
      `select id from enrolments where programme_id <> $1 and state = 'active' limit 1`,
      [programmeId],
    );
    const wrong = await placeAll(offering.id, [must(other).id]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields?.enrolmentIds).toBeDefined();
    expect((await call('DELETE', `/offerings/${second.body.id}`)).status).toBe(200);
  });
});

describe('the course-status machine', () => {
  let inWindow: Offering;
  let late: Offering;
  const rowOf = async (offeringId: number, enrolmentId: number) => {
    const [row] = await q<{ id: number; version: number }>(
      `select id, version from ba_student_courses where offering_id = $1 and enrolment_id = $2`,
      [offeringId, enrolmentId],
    );
    return must(row);
  };
  const move = (id: number, body: Record<string, unknown>, headers = admin) =>
    call<StudentCourse>('POST', `/student-courses/${id}/status`, headers, body);

  beforeAll(async () => {
    const now = await makeTerm(2033, 'sp', day(-3));
    const old = await makeTerm(2033, 'fa', day(-30));
    inWindow = await offer(now.id, at(courses, 0).id);
    late = await offer(old.id, at(courses, 0).id);
    expect((await placeAll(inWindow.id)).status).toBe(200);
    expect((await placeAll(late.id)).status).toBe(200);
  });

  it('allows exactly the moves of COURSE_STATUS_ACTIONS, each from its from-states', async () => {
    const enrolment = at(students, 0).id;
    let checked = 0;
    for (const action of COURSE_STATUS_ACTION_KEYS) {
      const rule = COURSE_STATUS_ACTIONS[action];
      for (const from of COURSE_STATUSES) {
        const row = await rowOf(inWindow.id, enrolment);
        await q(`update ba_student_courses set status = $1 where id = $2`, [from, row.id]);
        const res = await move(row.id, { action, version: row.version });
        const allowed = (rule.from as readonly string[]).includes(from);
        expect(res.status, `${action} from ${from}: ${res.body.detail}`).toBe(allowed ? 200 : 409);
        if (allowed) {
          expect(res.body.status).toBe(rule.to);
          expect(res.body.version).toBe(row.version + 1);
        } else expect(res.body.detail).toMatch(/is possible only from/);
        checked += 1;
      }
    }
    expect(checked).toBe(COURSE_STATUS_ACTION_KEYS.length * COURSE_STATUSES.length);
    const [audits] = await q<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'ba_student_course.status'
         and entity_id = $1`,
      [String((await rowOf(inWindow.id, enrolment)).id)],
    );
    const allowedMoves = COURSE_STATUS_ACTION_KEYS.reduce(
      (n, a) => n + COURSE_STATUS_ACTIONS[a].from.length,
      0,
    );
    expect(audits?.n).toBe(allowedMoves);
  });

  it('refuses a stale version', async () => {
    const row = await rowOf(inWindow.id, at(students, 1).id);
    expect((await move(row.id, { action: 'open', version: row.version + 5 })).status).toBe(409);
  });

  it('drops within the first two weeks; after them only with a confirmation and a reason', async () => {
    expect(inDropDeleteWindow(day(-3), day(0))).toBe(true);
    expect(inDropDeleteWindow(day(-15), day(0))).toBe(false);
    const early = await rowOf(inWindow.id, at(students, 2).id);
    const dropped = await move(early.id, { action: 'dropDelete', version: early.version });
    expect(dropped.status).toBe(200);
    expect(dropped.body.status).toBe('drop-delete');

    const row = await rowOf(late.id, at(students, 2).id);
    const bare = await move(row.id, { action: 'dropDelete', version: row.version });
    expect(bare.status).toBe(409);
    expect(bare.body.detail).toMatch(/first two weeks of the term are over/);
    const noReason = await move(row.id, {
      action: 'dropDelete',
      version: row.version,
      confirm: true,
      reason: '  ',
    });
    expect(noReason.status).toBe(409);
    const unconfirmed = await move(row.id, {
      action: 'dropDelete',
      version: row.version,
      reason: 'Moved away',
    });
    expect(unconfirmed.status).toBe(409);
    const confirmed = await move(row.id, {
      action: 'dropDelete',
      version: row.version,
      confirm: true,
      reason: 'Moved away',
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'drop-delete', reason: 'Moved away' });
    // The window rule is drop-delete's only: other moves of a late term need no confirmation.
    const other = await rowOf(late.id, at(students, 3).id);
    expect((await move(other.id, { action: 'withdraw', version: other.version })).status).toBe(200);
  });

  it('needs BA_STUDENT__EDIT, and reaches only the CLCs of a CLC-scoped role', async () => {
    const coordinator = await t.as('coordinator');
    const row = await rowOf(inWindow.id, at(students, 4).id);
    const res = await move(row.id, { action: 'open', version: row.version }, coordinator);
    expect(res.status).toBe(403);
    const list = await call<StudentCourseList>(
      'GET',
      `/student-courses?termKey=2033-sp&limit=100`,
      coordinator,
    );
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(students.filter((s) => s.clc === 'KAK').length);
    expect(list.body.rows.every((r) => r.clc === 'KAK')).toBe(true);
    // People read the CLC's name; the code stays beside it.
    const kakName = must(students.find((s) => s.clc === 'KAK')).clc_name;
    expect(kakName).not.toBe('KAK');
    expect(list.body.rows.map((r) => r.clcName)).toEqual(list.body.rows.map(() => kakName));
    const second = await call<StudentCourseList>(
      'GET',
      `/student-courses?termKey=2033-sp&limit=100`,
      await t.as('coordinator_2'),
    );
    expect(second.body.rows.every((r) => r.clc === 'AMM')).toBe(true);
    expect(second.body.total).toBe(students.filter((s) => s.clc === 'AMM').length);
    // The academic manager edits anywhere; a CLC-scoped editor elsewhere sees "not found".
    const manager = await t.as('academic_manager');
    const amm = must(students.filter((s) => s.clc === 'AMM').at(-1));
    const ammRow = await rowOf(inWindow.id, amm.id);
    expect(
      (await move(ammRow.id, { action: 'open', version: ammRow.version }, manager)).status,
    ).toBe(200);
    await q(
      `insert into role_rights (role_key, right_key) values ('COORDINATOR', 'BA_STUDENT__EDIT')
       on conflict do nothing`,
    );
    const refreshed = await t.as('coordinator');
    const fresh = await rowOf(inWindow.id, amm.id);
    expect(
      (await move(fresh.id, { action: 'fail', version: fresh.version }, refreshed)).status,
    ).toBe(404);
    await q(
      `delete from role_rights where role_key = 'COORDINATOR' and right_key = 'BA_STUDENT__EDIT'`,
    );
  });
});

describe('the students list', () => {
  it('searches, filters, sorts and pages on the server, and exports', async () => {
    const term = await makeTerm(2034, 'sp');
    const a = await offer(term.id, at(courses, 0).id);
    const b = await offer(term.id, at(courses, 1).id);
    await placeAll(a.id);
    await placeAll(
      b.id,
      students.slice(0, 5).map((s) => s.id),
    );
    const url = (qs: string) => `/student-courses?termKey=2034-sp&${qs}`;
    const all = await call<StudentCourseList>('GET', url('limit=10'));
    expect(all.body.total).toBe(students.length + 5);
    expect(all.body.rows).toHaveLength(10);
    const page2 = await call<StudentCourseList>('GET', url('limit=10&page=3'));
    expect(page2.body.rows).toHaveLength(students.length + 5 - 20);
    const byCourse = await call<StudentCourseList>('GET', url(`courseId=${at(courses, 1).id}`));
    expect(byCourse.body.total).toBe(5);
    const byClc = await call<StudentCourseList>(
      'GET',
      url(`clcId=${at(students, 0).clc_id}&limit=100`),
    );
    expect(byClc.body.rows.every((r) => r.clcId === at(students, 0).clc_id)).toBe(true);
    const sorted = await call<StudentCourseList>('GET', url('sort=jwlId&dir=desc&limit=100'));
    const ids = sorted.body.rows.map((r) => r.jwlId);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const first = at(sorted.body.rows, 0);
    const found = await call<StudentCourseList>('GET', url(`q=${first.jwlId}`));
    expect(found.body.rows.every((r) => r.jwlId === first.jwlId)).toBe(true);
    const byName = await call<StudentCourseList>(
      'GET',
      url(`q=${encodeURIComponent(at(first.student.split(' '), 0))}`),
    );
    expect(byName.body.rows.some((r) => r.jwlId === first.jwlId)).toBe(true);
    const byStatus = await call<StudentCourseList>('GET', url('status=failed'));
    expect(byStatus.body.total).toBe(0);
    expect((await call('GET', url('limit=101'))).status).toBe(400);
    expect((await call('GET', '/student-courses?termKey=2034-xx')).status).toBe(400);
    expect((await call('GET', '/student-courses?termKey=2039-sp')).status).toBe(404);
    const year = await call<StudentCourseList>('GET', '/student-courses?year=2034&limit=1');
    expect(year.body.total).toBe(students.length + 5);

    const csv = await call('GET', `/student-courses/export?termKey=2034-sp&format=csv`);
    expect(csv.status).toBe(200);
    const lines = csv.raw.body.trim().split('\r\n');
    expect(lines).toHaveLength(students.length + 5 + 1);
    expect(lines[0]).toContain('Status');
    expect(lines[1]).toContain('Active');
    const xlsx = await call('GET', `/student-courses/export?termKey=2034-sp&format=xlsx`);
    expect(xlsx.status).toBe(200);
    const coordinator = await t.as('coordinator');
    expect((await call('GET', `/student-courses/export?termKey=2034-sp`, coordinator)).status).toBe(
      403,
    );

    // Internships list apart.
    const internship = await call<Offering>('POST', `/terms/${term.id}/create-internship`, admin, {
      title: 'Field placement',
      courseId: at(courses, 0).id,
      capacity: 2,
    });
    await placeAll(internship.body.id, [at(students, 0).id]);
    const internships = await call<StudentCourseList>(
      'GET',
      '/student-courses?kind=internship&termKey=2034-sp',
    );
    expect(internships.body.rows.map((r) => r.title)).toEqual(['Field placement']);
  });
});

describe('classrooms', () => {
  it('unseats a student with CLASSROOM_STUDENT__EDIT, audited; out of reach is 404', async () => {
    const term = await makeTerm(2037, 'su');
    const offering = await offer(term.id, at(courses, 1).id);
    await placeAll(offering.id);
    const kak = students.filter((s) => s.clc === 'KAK');
    const room = await call<Classroom>('POST', `/offerings/${offering.id}/classrooms`, admin, {
      clcId: at(kak, 0).clc_id,
      name: 'LIB 2037 KAK unseat',
      capacity: 3,
    });
    expect(room.status, JSON.stringify(room.body)).toBe(200);
    const rows = await q<{ id: number; enrolment_id: number }>(
      `select id, enrolment_id from ba_student_courses where offering_id = $1 order by id`,
      [offering.id],
    );
    const idOf = (enrolmentId: number) => must(rows.find((r) => r.enrolment_id === enrolmentId)).id;
    const seated = kak.slice(0, 2).map((s) => idOf(s.id));
    expect(
      (
        await call('POST', `/classrooms/${room.body.id}/students`, admin, {
          studentCourseIds: seated,
        })
      ).status,
    ).toBe(200);
    const unseat = (studentCourseId: number, headers = admin) =>
      call<Classroom>('DELETE', `/classrooms/${room.body.id}/students/${studentCourseId}`, headers);
    const first = at(seated, 0);
    expect((await unseat(first, await t.as('view_only_user'))).status).toBe(403);
    expect((await unseat(first, await t.as('coordinator_2'))).status).toBe(403); // reads only
    // Out of reach: the classroom through another bachelor programme (524) is not found.
    const [applying] = await q<{ id: number }>(`select id from programmes where code = '524'`);
    const elsewhere = await t.app.inject({
      method: 'DELETE',
      url: `/api/en/programme/bachelor/${must(applying).id}/classrooms/${room.body.id}/students/${first}`,
      headers: admin,
    });
    expect(elsewhere.statusCode).toBe(404);
    // A student of the course not seated here (another CLC's) is 404 too.
    const other = must(students.find((s) => s.clc !== 'KAK'));
    expect((await unseat(idOf(other.id))).status).toBe(404);

    const done = await unseat(first);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.students).toBe(1);
    const [after] = await q<{ class_id: number | null; status: string }>(
      `select class_id, status::text as status from ba_student_courses where id = $1`,
      [first],
    );
    expect(after).toEqual({ class_id: null, status: 'active' });
    const audits = await q<{ changes: { studentCourseId: number } }>(
      `select changes from audit_log where action = 'ba_classroom.unseated' and entity_id = $1`,
      [String(room.body.id)],
    );
    expect(audits.map((a) => a.changes.studentCourseId)).toEqual([first]);
    expect((await unseat(first)).status).toBe(404); // no longer seated here

    await call('POST', `/classrooms/${room.body.id}/close`);
    expect((await unseat(at(seated, 1))).status).toBe(409);
  });

  it('creates, seats, staffs, closes and deletes; lists the past ones', async () => {
    const term = await makeTerm(2035, 'sp');
    const offering = await offer(term.id, at(courses, 2).id);
    await placeAll(offering.id);
    const kak = students.filter((s) => s.clc === 'KAK');
    const created = await call<Classroom>('POST', `/offerings/${offering.id}/classrooms`, admin, {
      clcId: at(kak, 0).clc_id,
      name: 'LIB 2035 KAK A',
      capacity: 2,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const room = created.body;
    // The CLC by its name: the classroom page and the past classrooms show it.
    expect(room).toMatchObject({
      termKey: '2035-sp',
      clcId: at(kak, 0).clc_id,
      clc: at(kak, 0).clc_name,
      students: 0,
      closedAt: null,
    });
    const sameName = await call('POST', `/offerings/${offering.id}/classrooms`, admin, {
      clcId: at(kak, 0).clc_id,
      name: 'LIB 2035 KAK A',
      capacity: 2,
    });
    expect(sameName.status).toBe(400);

    const rows = await q<{ id: number; enrolment_id: number }>(
      `select id, enrolment_id from ba_student_courses where offering_id = $1 order by id`,
      [offering.id],
    );
    const idOf = (enrolmentId: number) => must(rows.find((r) => r.enrolment_id === enrolmentId)).id;
    const seat = (ids: number[]) =>
      call('POST', `/classrooms/${room.id}/students`, admin, { studentCourseIds: ids });
    const other = must(students.find((s) => s.clc !== 'KAK'));
    expect((await seat([idOf(other.id)])).status).toBe(400);
    const tooMany = await seat(kak.slice(0, 3).map((s) => idOf(s.id)));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.detail).toMatch(/2 free seats of 2; 3 students do not fit/);
    expect((await seat(kak.slice(0, 2).map((s) => idOf(s.id)))).status).toBe(200);

    const [facilitator] = await q<{ jwl_id: number; first_name: string; last_name: string }>(
      `select jwl_id, first_name, last_name from users where username = 'facilitator'`,
    );
    const staffed = await call<Classroom>('PUT', `/classrooms/${room.id}/staff`, admin, {
      facilitatorIds: [must(facilitator).jwl_id],
    });
    expect(staffed.status).toBe(200);
    expect(staffed.body.staff).toEqual([
      // The name's parts as stored, so a picker need not guess where a family name starts.
      expect.objectContaining({
        userId: must(facilitator).jwl_id,
        firstName: must(facilitator).first_name,
        lastName: must(facilitator).last_name,
        kind: 'facilitator',
      }),
    ]);
    const notFaculty = await call('PUT', `/classrooms/${room.id}/staff`, admin, {
      facultyIds: [must(facilitator).jwl_id],
    });
    expect(notFaculty.status).toBe(400);

    const listed = await call<{ offeringId: number | null; classrooms: Classroom[] }>(
      'GET',
      `/classrooms?termKey=2035-sp&courseId=${at(courses, 2).id}`,
    );
    expect(listed.body.classrooms.map((c) => c.id)).toEqual([room.id]);
    // The offering a new classroom joins comes with the list, so the classroom page needs no
    // terms list: a coordinator (CLASSROOM__DISPLAY, not BA_TERM__DISPLAY) reads it all.
    expect(listed.body.offeringId).toBe(offering.id);
    const coordinatorList = await call<{ offeringId: number | null; classrooms: Classroom[] }>(
      'GET',
      `/classrooms?termKey=2035-sp&courseId=${at(courses, 2).id}`,
      await t.as('coordinator'),
    );
    expect(coordinatorList.status).toBe(200);
    expect(coordinatorList.body).toMatchObject({ offeringId: offering.id });
    expect((await call('GET', '/terms?year=2035', await t.as('coordinator'))).status).toBe(403);
    const notOffered = await call<{ offeringId: number | null; classrooms: Classroom[] }>(
      'GET',
      `/classrooms?termKey=2035-sp&courseId=${at(courses, 0).id}`,
    );
    expect(notOffered.body).toEqual({ offeringId: null, classrooms: [] });
    const detail = await call<ClassroomDetail>('GET', `/classrooms/${room.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.roster).toHaveLength(2);
    expect(detail.body.roster[0]).toMatchObject({ status: 'active', result: null });

    expect((await call('DELETE', `/classrooms/${room.id}`)).status).toBe(409);
    // A coordinator reads the classroom of their CLC but cannot close it; AMM's cannot see it.
    const coordinator = await t.as('coordinator');
    expect((await call('GET', `/classrooms/${room.id}`, coordinator)).status).toBe(200);
    expect((await call('POST', `/classrooms/${room.id}/close`, coordinator)).status).toBe(403);
    expect((await call('GET', `/classrooms/${room.id}`, await t.as('coordinator_2'))).status).toBe(
      404,
    );

    const closed = await call<Classroom>('POST', `/classrooms/${room.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.closedAt).not.toBeNull();
    expect((await call('POST', `/classrooms/${room.id}/close`)).status).toBe(409);
    expect((await seat([idOf(at(kak, 2).id)])).status).toBe(409);
    const past = await call<{ classrooms: Classroom[] }>('GET', '/past-classrooms/closed');
    expect(past.body.classrooms.map((c) => c.id)).toContain(room.id);
    const stillOpen = await call<{ classrooms: Classroom[] }>('GET', '/past-classrooms/open');
    expect(stillOpen.body.classrooms.map((c) => c.id)).not.toContain(room.id);

    // A classroom left open after its term ended lists under past-classrooms/open.
    const oldTerm = await makeTerm(2020, 'sp', '2020-01-13');
    const oldOffering = await offer(oldTerm.id, at(courses, 2).id);
    const oldRoom = await call<Classroom>(
      'POST',
      `/offerings/${oldOffering.id}/classrooms`,
      admin,
      {
        clcId: at(kak, 0).clc_id,
        name: 'LIB 2020 KAK',
        capacity: 10,
      },
    );
    const open = await call<{ classrooms: Classroom[] }>('GET', '/past-classrooms/open');
    expect(open.body.classrooms.map((c) => c.id)).toContain(oldRoom.body.id);
    expect((await call('DELETE', `/classrooms/${oldRoom.body.id}`)).status).toBe(200);
    expect((await call('GET', `/classrooms/${oldRoom.body.id}`)).status).toBe(404);
  });
});

describe('rights per role', () => {
  it('declares one right per route: coordinators read, academic managers edit', async () => {
    const coordinator = await t.as('coordinator');
    const manager = await t.as('academic_manager');
    expect((await call('GET', '/terms', coordinator)).status).toBe(403);
    expect((await call('GET', '/student-courses', coordinator)).status).toBe(200);
    expect(
      (
        await call('POST', '/terms', coordinator, {
          year: 2036,
          season: 'sp',
          name: 'x',
          startDate: '2036-01-01',
          weeks: 4,
        })
      ).status,
    ).toBe(403);
    const created = await call<Term>('POST', '/terms', manager, {
      year: 2036,
      season: 'sp',
      name: 'Spring 2036',
      startDate: '2036-01-01',
      weeks: 4,
    });
    expect(created.status).toBe(200);
    expect((await call('DELETE', `/terms/${created.body.id}`, manager)).status).toBe(200);
    // Another programme type answers "not found", as an unknown id does.
    const [pc] = await q<{ id: number }>(
      `select id from programmes where type = 'professional' limit 1`,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/en/programme/bachelor/${must(pc).id}/terms`,
      headers: admin,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('student status and programme breaks of a bachelor student', () => {
  it('check BA_STUDENT_STATUS__EDIT and BA_PROGRAMME_BREAK__* instead of the PC_* rights', async () => {
    const student = must(students.at(-1));
    const coordinator = await t.as('coordinator');
    const manager = await t.as('academic_manager');
    const withdraw = (headers: Record<string, string>) =>
      call<{ done: number[] }>('POST', '/students/actions/withdraw', headers, {
        enrolmentIds: [student.id],
        reason: 'Moved away',
      });
    // The coordinator holds PC_STUDENT__EDIT, which a bachelor programme does not ask for.
    const refused = await withdraw(coordinator);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('BA_STUDENT_STATUS__EDIT');
    const done = await withdraw(manager);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const reactivated = await call('POST', '/students/actions/reactivate', manager, {
      enrolmentIds: [student.id],
    });
    expect(reactivated.status).toBe(200);

    const breaks = `/students/${student.id}/breaks`;
    const body = { startsOn: day(10), endsOn: day(20), reason: 'Family' };
    expect((await call('GET', breaks, coordinator)).status).toBe(403);
    expect((await call('POST', breaks, coordinator, body)).status).toBe(403);
    const added = await call<unknown[]>('POST', breaks, manager, body);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const listed = await call<unknown[]>('GET', breaks, manager);
    expect(listed.body).toHaveLength(1);
  });
});
