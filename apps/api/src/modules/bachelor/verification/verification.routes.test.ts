import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ExportStudentPage,
  TermVerification,
  VerificationGradePage,
  VerificationScope,
} from '@lantern/contracts/bachelor-verification';
import { gradeSetHash } from '@lantern/db/bachelor-grade-set';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { applyResultEvents } from '../../learning/teaching/public';
import { CHANGED_SENTENCE, diffSnapshots } from './verification.service';

let t: TestApp;
let programmeId = 0;
let termId = 0;
const clc: Record<string, number> = {};
const TERM = '2026-sp';

/**
 * A bachelor programme at KAK, AMM and ERB with two courses, two students per CLC, one term
 * offering both courses to everyone, every result final (3 of 4).
 */
beforeAll(async () => {
  t = await buildTestApp();
  const [schema] = await t.database.query<{ id: number }>(
    `select id from grading_schemas where name = 'Four-point scale'`,
  );
  const [programme] = await t.database.query<{ id: number }>(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status, grading_schema_id)
     values ('bachelor', '991', 'Verify test', 'Verify test', '2026-01-01', '2029-12-31', 'running', $1)
     returning id`,
    [schema?.id],
  );
  programmeId = programme?.id ?? 0;
  for (const c of await t.database.query<{ id: number; code: string }>(
    `select id, code from clcs where code in ('KAK', 'AMM', 'ERB')`,
  ))
    clc[c.code] = c.id;
  await t.database.query(
    `insert into programme_clcs (programme_id, clc_id) select $1, id from clcs where code in ('KAK', 'AMM', 'ERB')`,
    [programmeId],
  );
  await t.database.query(
    `insert into programme_courses (programme_id, code, title, units, position)
     values ($1, 'V1', 'Verify one', 3, 0), ($1, 'V2', 'Verify two', 3, 1)`,
    [programmeId],
  );
  await t.database.query(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, x.jwl_id, x.clc_id, 'active' from (
       select u.jwl_id, uc.clc_id, row_number() over (partition by uc.clc_id order by u.jwl_id) as n
       from users u join user_clcs uc on uc.user_id = u.jwl_id
       join clcs c on c.id = uc.clc_id and c.code in ('KAK', 'AMM', 'ERB')
       join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
       where not exists (select 1 from user_clcs o where o.user_id = u.jwl_id and o.clc_id <> uc.clc_id)
     ) x where x.n <= 2`,
    [programmeId],
  );
  const [term] = await t.database.query<{ id: number }>(
    `insert into ba_terms (programme_id, year, season, name, start_date, weeks)
     values ($1, 2026, 'sp', 'Spring 2026', '2026-02-01', 14) returning id`,
    [programmeId],
  );
  termId = term?.id ?? 0;
  await t.database.query(
    `insert into ba_offerings (term_id, course_id) select $1, id from programme_courses where programme_id = $2`,
    [termId, programmeId],
  );
  await t.database.query(
    `insert into ba_student_courses (offering_id, enrolment_id)
     select o.id, e.id from ba_offerings o cross join enrolments e
     where o.term_id = $1 and e.programme_id = $2`,
    [termId, programmeId],
  );
  // Each attempt's result, and the student's course result that follows it.
  await t.database.query(
    `insert into ba_attempt_results (student_course_id, score, is_final, version, grading_schema_id)
     select sc.id, 3, true, 2, $2 from ba_student_courses sc
     join enrolments e on e.id = sc.enrolment_id where e.programme_id = $1`,
    [programmeId, schema?.id],
  );
  await t.database.query(
    `insert into course_results (enrolment_id, course_id, score, is_final, version, grading_schema_id)
     select e.id, pc.id, 3, true, 2, $2 from enrolments e
     join programme_courses pc on pc.programme_id = e.programme_id where e.programme_id = $1`,
    [programmeId, schema?.id],
  );
});
afterAll(async () => t.close());

const base = () => `/api/en/programme/bachelor/${String(programmeId)}/verification`;

async function view(user: string): Promise<TermVerification> {
  const res = await t.app.inject({
    url: `${base()}?termKey=${TERM}`,
    headers: await t.as(user),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TermVerification>();
}
const scope = (v: TermVerification, level: string, clcId: number | null = null) => {
  const found = v.levels.find((l) => l.level === level && l.clcId === clcId);
  if (!found) throw new Error(`no ${level} ${String(clcId)}`);
  return found;
};
async function approve(
  user: string,
  path: 'basic' | 'clc' | 'uni',
  body: { hash: string; clcId?: number },
) {
  return t.app.inject({
    method: 'POST',
    url: `${base()}/approve-${path}`,
    headers: await t.as(user),
    payload: { termKey: TERM, ...body },
  });
}
async function changeGrade(studentCourseId: number, score: number) {
  const [row] = await t.database.query<{ enrolment_id: number; course_id: number }>(
    `select sc.enrolment_id, o.course_id from ba_student_courses sc
     join ba_offerings o on o.id = sc.offering_id where sc.id = $1`,
    [studentCourseId],
  );
  if (!row) throw new Error('no student course');
  await t.database.db.transaction((tx) =>
    applyResultEvents(tx, {
      action: 'change',
      entries: [{ enrolmentId: row.enrolment_id, courseId: row.course_id, score }],
      schema: { id: null, version: null, scaleMax: 4 },
      actorId: null,
      impersonatorId: null,
      reason: 'Grade-change request approved',
    }),
  );
}
async function aKakStudentCourse(): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    `select sc.id from ba_student_courses sc join enrolments e on e.id = sc.enrolment_id
     join ba_offerings o on o.id = sc.offering_id
     where o.term_id = $1 and e.clc_id = $2 order by sc.id limit 1`,
    [termId, clc.KAK],
  );
  return row?.id ?? 0;
}

describe('the grade-set hash', () => {
  it('is canonical: row order and how a score is written do not change it', () => {
    const a = gradeSetHash([
      [2, 3.5, 2],
      [1, 4, 1],
      [3, null, 0],
    ]);
    const b = gradeSetHash([
      [3, null, 0],
      [1, 4.0, 1],
      [2, 3.5, 2],
    ]);
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(gradeSetHash([[1, 4, 2]])).not.toBe(gradeSetHash([[1, 4, 1]]));
    expect(gradeSetHash([[1, 4, 1]])).not.toBe(gradeSetHash([[1, 3.99, 1]]));
    expect(gradeSetHash([[1, null, 0]])).not.toBe(gradeSetHash([[1, 0, 0]]));
  });

  it('diffs a snapshot against a set: added, removed, changed', () => {
    expect(
      diffSnapshots(
        [
          [1, 3, 1],
          [2, 3, 1],
        ],
        [
          [2, 3.5, 2],
          [3, 2, 1],
        ],
      ).map((d) => [d.id, d.change]),
    ).toEqual([
      [1, 'removed'],
      [2, 'changed'],
      [3, 'added'],
    ]);
  });
});

describe('final-grade verification', () => {
  it('shows the three levels: BASIC waiting, CLC and UNI waiting for the level below', async () => {
    const v = await view('academic_manager');
    expect(v.termName).toBe('Spring 2026');
    expect(scope(v, 'BASIC').state).toBe('waiting');
    expect(scope(v, 'BASIC').grades).toBe(12);
    expect(scope(v, 'BASIC').flagged).toBe(0);
    expect(scope(v, 'CLC', clc.KAK ?? 0).state).toBe('blocked');
    expect(scope(v, 'CLC', clc.KAK ?? 0).grades).toBe(4);
    expect(scope(v, 'UNI').state).toBe('blocked');
    expect(v.sinceUni).toBeNull();
  });

  it('lists the grade set paged, and an unknown term is 404', async () => {
    const headers = await t.as('academic_manager');
    const res = await t.app.inject({
      url: `${base()}/grades?termKey=${TERM}&limit=5&page=2`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<VerificationGradePage>();
    expect(page.total).toBe(12);
    expect(page.items).toHaveLength(5);
    expect(page.items[0]?.flag).toBeNull();
    const missing = await t.app.inject({ url: `${base()}?termKey=2031-fa`, headers });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ url: `${base()}?termKey=2031-winter`, headers });
    expect(bad.statusCode).toBe(400);
  });

  it('gives each level to its own right only', async () => {
    const v = await view('academic_manager');
    const hash = scope(v, 'BASIC').hash;
    for (const [user, path] of [
      ['lead_coordinator', 'basic'],
      ['university_representative', 'basic'],
      ['university_representative', 'clc'],
      ['academic_manager', 'clc'],
      ['academic_manager', 'uni'],
      ['lead_coordinator', 'uni'],
    ] as const) {
      const res = await approve(user, path, { hash, clcId: clc.KAK });
      expect(res.statusCode, `${user} ${path}`).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('MISSING_RIGHT');
    }
    const coordinator = await t.app.inject({
      url: `${base()}?termKey=${TERM}`,
      headers: await t.as('coordinator'),
    });
    expect(coordinator.statusCode).toBe(403);
  });

  it('refuses a hash that is not the grade set now with 409, and stores nothing', async () => {
    const res = await approve('academic_manager', 'basic', { hash: 'a'.repeat(64) });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe(CHANGED_SENTENCE);
    const rows = await t.database.query(`select 1 from ba_verifications where term_id = $1`, [
      termId,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a key the approval body does not name with 400, and stores nothing', async () => {
    const hash = scope(await view('academic_manager'), 'BASIC').hash;
    for (const path of ['basic', 'uni'] as const) {
      const res = await approve('admin', path, { hash, clcId: clc.KAK });
      expect(res.statusCode, path).toBe(400);
      expect(res.json<{ code: string; detail: string }>()).toMatchObject({
        code: 'VALIDATION',
        detail: expect.stringContaining('clcId') as unknown,
      });
    }
    const clcLevel = await t.app.inject({
      method: 'POST',
      url: `${base()}/approve-clc`,
      headers: await t.as('admin'),
      payload: { termKey: TERM, hash, clcId: clc.KAK, level: 'UNI' },
    });
    expect(clcLevel.statusCode).toBe(400);
    const rows = await t.database.query(`select 1 from ba_verifications where term_id = $1`, [
      termId,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('approves in order: BASIC, then each CLC (in the approver’s CLCs only), then UNI', async () => {
    let v = await view('academic_manager');
    const basic = await approve('academic_manager', 'basic', { hash: scope(v, 'BASIC').hash });
    expect(basic.statusCode, basic.body).toBe(200);
    const again = await approve('academic_manager', 'basic', { hash: scope(v, 'BASIC').hash });
    expect(again.statusCode).toBe(409);
    const [audit] = await t.database.query<{ changes: { level: string; hash: string } }>(
      `select changes from audit_log where action = 'bachelor.verification.approved' order by id desc limit 1`,
    );
    expect(audit?.changes.level).toBe('BASIC');
    expect(audit?.changes.hash).toBe(scope(v, 'BASIC').hash);

    // The lead coordinator (KAK, DZA) sees only KAK's CLC level, and cannot approve AMM's.
    const lead = await view('lead_coordinator');
    expect(lead.levels.filter((l) => l.level === 'CLC').map((l) => l.clcId)).toEqual([clc.KAK]);
    const grades = await t.app.inject({
      url: `${base()}/grades?termKey=${TERM}`,
      headers: await t.as('lead_coordinator'),
    });
    expect(grades.json<VerificationGradePage>().total).toBe(4);
    v = await view('admin');
    const amm = await approve('lead_coordinator', 'clc', {
      clcId: clc.AMM ?? 0,
      hash: scope(v, 'CLC', clc.AMM ?? 0).hash,
    });
    expect(amm.statusCode).toBe(404);
    const kak = await approve('lead_coordinator', 'clc', {
      clcId: clc.KAK ?? 0,
      hash: scope(lead, 'CLC', clc.KAK ?? 0).hash,
    });
    expect(kak.statusCode, kak.body).toBe(200);

    // UNI waits for every CLC of the term.
    v = await view('university_representative');
    expect(scope(v, 'UNI').state).toBe('blocked');
    const early = await approve('university_representative', 'uni', { hash: scope(v, 'UNI').hash });
    expect(early.statusCode).toBe(409);
    for (const code of ['AMM', 'ERB']) {
      const res = await approve('admin', 'clc', {
        clcId: clc[code] ?? 0,
        hash: scope(v, 'CLC', clc[code] ?? 0).hash,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    v = await view('university_representative');
    expect(scope(v, 'UNI').state).toBe('waiting');
    const uni = await approve('university_representative', 'uni', { hash: scope(v, 'UNI').hash });
    expect(uni.statusCode, uni.body).toBe(200);
    v = await view('university_representative');
    expect(v.levels.every((l) => l.state === 'approved')).toBe(true);
    expect(v.sinceUni?.changeCount).toBe(0);
  });

  it('exports the verified set while the UNI approval is current', async () => {
    const res = await t.app.inject({
      url: `${base()}/export/csv?termKey=${TERM}`,
      headers: await t.as('university_representative'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.split('\r\n').filter(Boolean)).toHaveLength(13);
    expect(res.body).toContain('University approval');
  });

  it('makes stale every approval whose grades changed, with the reason, and re-queues it', async () => {
    const before = await view('admin');
    const sc = await aKakStudentCourse();
    await changeGrade(sc, 3.5);
    const v = await view('admin');
    const basic = scope(v, 'BASIC');
    expect(basic.state).toBe('stale');
    expect(basic.approval?.staleAt).not.toBeNull();
    expect(basic.changes).toEqual([
      expect.objectContaining({
        studentCourseId: sc,
        change: 'changed',
        oldScore: 3,
        newScore: 3.5,
        oldVersion: 2,
        newVersion: 3,
      }),
    ]);
    expect(scope(v, 'CLC', clc.KAK ?? 0).state).toBe('stale');
    expect(scope(v, 'CLC', clc.AMM ?? 0).state).toBe('approved');
    expect(scope(v, 'UNI').state).toBe('stale');
    expect(v.sinceUni?.changes.map((c) => [c.studentCourseId, c.oldScore, c.newScore])).toEqual([
      [sc, 3, 3.5],
    ]);
    // The old hash no longer approves anything: the page the approver saw is out of date.
    const old = await approve('academic_manager', 'basic', { hash: scope(before, 'BASIC').hash });
    expect(old.statusCode).toBe(409);
    // The verified set is no longer exportable.
    const exported = await t.app.inject({
      url: `${base()}/export/csv?termKey=${TERM}`,
      headers: await t.as('university_representative'),
    });
    expect(exported.statusCode).toBe(409);
    // A stale approval stays stale even if the grade goes back.
    await changeGrade(sc, 3);
    const back = await view('admin');
    expect(scope(back, 'BASIC').state).toBe('stale');
    expect(scope(back, 'CLC', clc.AMM ?? 0).state).toBe('approved');
  });

  it('re-approves and the university sees only what changed since its last approval', async () => {
    let v = await view('admin');
    expect(
      (await approve('academic_manager', 'basic', { hash: scope(v, 'BASIC').hash })).statusCode,
    ).toBe(200);
    expect(
      (
        await approve('lead_coordinator', 'clc', {
          clcId: clc.KAK ?? 0,
          hash: scope(v, 'CLC', clc.KAK ?? 0).hash,
        })
      ).statusCode,
    ).toBe(200);
    v = await view('university_representative');
    expect(scope(v, 'UNI').state).toBe('stale');
    expect(v.sinceUni?.changeCount).toBe(1);
    expect(v.sinceUni?.changes[0]?.oldVersion).toBe(2);
    expect(v.sinceUni?.changes[0]?.newVersion).toBe(4);
    const uni = await approve('university_representative', 'uni', { hash: scope(v, 'UNI').hash });
    expect(uni.statusCode, uni.body).toBe(200);
    v = await view('university_representative');
    expect(v.sinceUni?.changeCount).toBe(0);
  });

  it('refuses a set with grades that are not final, and flags them', async () => {
    const sc = await aKakStudentCourse();
    await t.database.query(
      `update ba_attempt_results set is_final = false, version = version + 1
       where student_course_id = $1`,
      [sc],
    );
    const v = await view('admin');
    const basic: VerificationScope = scope(v, 'BASIC');
    expect(basic.flagged).toBe(1);
    expect(basic.state).toBe('stale');
    const res = await approve('academic_manager', 'basic', { hash: basic.hash });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toContain('not final');
    const flagged = await t.app.inject({
      url: `${base()}/grades?termKey=${TERM}&flagged=true`,
      headers: await t.as('admin'),
    });
    expect(flagged.json<VerificationGradePage>().items.map((g) => g.flag)).toEqual(['not-final']);
    await t.database.query(
      `update ba_attempt_results set is_final = true, version = version + 1
       where student_course_id = $1`,
      [sc],
    );
  });
});

describe('results per attempt', () => {
  const states = (v: TermVerification) => v.levels.map((l) => `${l.level}:${l.state}`).sort();
  const result = async (enrolmentId: number, courseId: number) =>
    (
      await t.database.query<{ score: string; is_final: boolean; version: number }>(
        `select score, is_final, version from course_results where enrolment_id = $1 and course_id = $2`,
        [enrolmentId, courseId],
      )
    )[0];

  it('a retake graded in a later term leaves this term’s grades and approvals as they were; dropping it gives the earlier result back', async () => {
    const spring = await view('admin');
    const springGrades = await t.app.inject({
      url: `${base()}/grades?termKey=${TERM}&limit=100`,
      headers: await t.as('admin'),
    });
    expect(springGrades.statusCode, springGrades.body).toBe(200);
    const sc = await aKakStudentCourse();
    const [attempt] = await t.database.query<{ enrolment_id: number; course_id: number }>(
      `select sc.enrolment_id, o.course_id from ba_student_courses sc
       join ba_offerings o on o.id = sc.offering_id where sc.id = $1`,
      [sc],
    );
    if (!attempt) throw new Error('no attempt');
    const before = await result(attempt.enrolment_id, attempt.course_id);
    // The course again in the fall: a second attempt, placed before any grade of it.
    const [fall] = await t.database.query<{ id: number }>(
      `insert into ba_terms (programme_id, year, season, name, start_date, weeks)
       values ($1, 2026, 'fa', 'Fall 2026', '2026-09-01', 14) returning id`,
      [programmeId],
    );
    const [retake] = await t.database.query<{ id: number; version: number }>(
      `with o as (insert into ba_offerings (term_id, course_id) values ($1, $2) returning id)
       insert into ba_student_courses (offering_id, enrolment_id) select o.id, $3 from o
       returning id, version`,
      [fall?.id, attempt.course_id, attempt.enrolment_id],
    );
    if (!retake) throw new Error('no retake');
    // The earlier attempt's final result does not hold the retake's grade back.
    const apply = (action: 'save' | 'finalise', score?: number) =>
      t.database.db.transaction((tx) =>
        applyResultEvents(tx, {
          action,
          entries: [{ enrolmentId: attempt.enrolment_id, courseId: attempt.course_id, score }],
          schema: { id: null, version: null, scaleMax: 4 },
          actorId: null,
          impersonatorId: null,
        }),
      );
    expect(await apply('save', 1.5)).toBe(1);
    expect(await apply('finalise')).toBe(1);
    const now = await result(attempt.enrolment_id, attempt.course_id);
    expect([Number(now?.score), now?.is_final]).toEqual([1.5, true]);
    // Versions go on across attempts; each event names its attempt.
    expect(now?.version).toBeGreaterThan(before?.version ?? 0);
    const events = await t.database.query<{ student_course_id: number; action: string }>(
      `select student_course_id, action::text from grade_events
       where subject = 'course_result' and enrolment_id = $1 and course_id = $2 order by id`,
      [attempt.enrolment_id, attempt.course_id],
    );
    expect(events.slice(-2)).toEqual([
      { student_course_id: retake.id, action: 'save' },
      { student_course_id: retake.id, action: 'finalise' },
    ]);
    // Spring reads its own attempt: its grades, hash and approvals are unchanged.
    const after = await view('admin');
    expect(states(after)).toEqual(states(spring));
    expect(scope(after, 'BASIC').hash).toBe(scope(spring, 'BASIC').hash);
    const againGrades = await t.app.inject({
      url: `${base()}/grades?termKey=${TERM}&limit=100`,
      headers: await t.as('admin'),
    });
    expect(againGrades.body).toBe(springGrades.body);
    // The fall term's grade set reads the retake.
    const fallGrades = await t.app.inject({
      url: `${base()}/grades?termKey=2026-fa&limit=100`,
      headers: await t.as('admin'),
    });
    expect(fallGrades.json<VerificationGradePage>().items.map((g) => g.score)).toEqual([1.5]);
    // Dropped (late: confirmed, with a reason), the retake no longer counts: the student's
    // result is the spring attempt's again.
    const dropped = await t.app.inject({
      method: 'POST',
      url: `/api/en/programme/bachelor/${String(programmeId)}/student-courses/${String(retake.id)}/status`,
      headers: await t.as('admin'),
      payload: {
        action: 'dropDelete',
        version: retake.version,
        confirm: true,
        reason: 'Wrong term',
      },
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const back = await result(attempt.enrolment_id, attempt.course_id);
    const [own] = await t.database.query<{ score: string; is_final: boolean; version: number }>(
      `select score, is_final, version from ba_attempt_results where student_course_id = $1`,
      [sc],
    );
    expect([Number(back?.score), back?.is_final, back?.version]).toEqual([
      Number(own?.score),
      own?.is_final,
      own?.version,
    ]);
  });
});

describe('export statuses', () => {
  const students = async (user: string, query = '') => {
    const res = await t.app.inject({
      url: `${base()}/students?limit=100${query}`,
      headers: await t.as(user),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ExportStudentPage>();
  };
  const post = async (user: string, path: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `${base()}/${path}`,
      headers: await t.as(user),
      payload: payload as Record<string, unknown>,
    });

  it('moves students completed → completed-exported (with the batch file) → graduated', async () => {
    const all = await students('admin');
    expect(all.total).toBe(6);
    expect(all.items.every((s) => s.status === null && s.passed === 2 && s.courses === 2)).toBe(
      true,
    );
    const [a, b, c] = all.items.map((s) => s.enrolmentId);
    if (!a || !b || !c) throw new Error('students missing');

    // A student short of a passing grade is refused, and nothing is written.
    await t.database.query(
      `update course_results set score = 1 where enrolment_id = $1 and course_id =
         (select min(id) from programme_courses where programme_id = $2)`,
      [c, programmeId],
    );
    const refused = await post('academic_manager', 'students/complete', { enrolmentIds: [a, c] });
    expect(refused.statusCode).toBe(409);
    expect((await students('admin', '&status=completed')).total).toBe(0);
    expect((await students('admin', '&eligible=false')).items.map((s) => s.enrolmentId)).toEqual([
      c,
    ]);

    // The university representative may export but not mark.
    const noRight = await post('university_representative', 'students/complete', {
      enrolmentIds: [a],
    });
    expect(noRight.statusCode).toBe(403);

    const done = await post('academic_manager', 'students/complete', { enrolmentIds: [a, b] });
    expect(done.statusCode, done.body).toBe(200);
    expect((await students('admin', '&status=completed')).total).toBe(2);
    const twice = await post('academic_manager', 'students/complete', { enrolmentIds: [a] });
    expect(twice.statusCode).toBe(409);

    // Graduating before the export is refused.
    const early = await post('academic_manager', 'students/graduate', { enrolmentIds: [a] });
    expect(early.statusCode).toBe(409);

    const batch = await post('university_representative', 'batches', { format: 'csv' });
    expect(batch.statusCode, batch.body).toBe(200);
    const { id, rows } = batch.json<{ id: number; rows: number }>();
    expect(rows).toBe(2);
    const exported = await students('admin', '&status=completed-exported');
    expect(exported.items.map((s) => s.batchId)).toEqual([id, id]);
    const file = await t.app.inject({
      url: `${base()}/batches/${String(id)}/file`,
      headers: await t.as('university_representative'),
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain('JWL-ID');
    expect(file.body.split('\r\n').filter(Boolean)).toHaveLength(3);
    const empty = await post('university_representative', 'batches', { format: 'xlsx' });
    expect(empty.statusCode).toBe(409);

    const grad = await post('academic_manager', 'students/graduate', { enrolmentIds: [a] });
    expect(grad.statusCode, grad.body).toBe(200);
    expect((await students('admin', '&status=graduated')).items.map((s) => s.enrolmentId)).toEqual([
      a,
    ]);
    const audits = await t.database.query<{ action: string }>(
      `select action from audit_log where entity_type = 'enrolment' and entity_id = $1 order by id`,
      [String(a)],
    );
    expect(audits.map((r) => r.action)).toEqual([
      'bachelor.export-status.completed',
      'bachelor.export-status.exported',
      'bachelor.export-status.graduated',
    ]);
  });

  it('shows CLC-scoped roles their CLCs’ students only', async () => {
    const lead = await students('lead_coordinator');
    expect(lead.total).toBe(2);
  });
});
