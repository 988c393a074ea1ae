import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type {
  ConversionList,
  GradesOutPreview,
  StudentCredits,
  Transfer,
  TransferList,
} from '@lantern/contracts/bachelor-credits';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { applyResultEvents, type ResultAction } from '../../learning/teaching/public';
import { recordRetake } from './credits.ledger';

let t: TestApp;
let admin: Record<string, string>;
/** Decides what the admin proposes: approval is another person's step. */
let manager: Record<string, string>;
let programmeId = 0;
let otherProgrammeId = 0;
let fourPoint = 0;
let percentage = 0;
const course: Record<'A' | 'B' | 'C', number> = { A: 0, B: 0, C: 0 };
let students: { id: number; user_id: number; clc: string }[] = [];
let sourceEnrolment = 0;
let sourceCourse = 0;

const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.query<T>(text, params);
const one = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => {
  const [row] = await q<T>(text, params);
  if (!row) throw new Error(`no row: ${text}`);
  return row;
};

/**
 * A running bachelor programme at KAK and AMM on a four-point scale (pass at 2), courses A (3
 * units), B (4) and C (2), three students (two at KAK, one at AMM); the first KAK student also
 * finished a professional programme on a percentage scale (a final 82 in its course).
 */
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
  manager = await t.as('academic_manager');
  fourPoint = (
    await one<{ id: number }>(
      `insert into grading_schemas (name, scale_max, pass_mark, bands)
       values ('Credits four', 4, 2, '[]') returning id`,
    )
  ).id;
  percentage = (
    await one<{ id: number }>(
      `insert into grading_schemas (name, scale_max, pass_mark, bands)
       values ('Credits percent', 100, 60, '[]') returning id`,
    )
  ).id;
  await q(
    `insert into grading_schema_versions (grading_schema_id, version, scale_max, pass_mark, bands)
     select id, version, scale_max, pass_mark, bands from grading_schemas where id in ($1, $2)
     on conflict do nothing`,
    [fourPoint, percentage],
  );
  const programme = async (type: string, code: string, schema: number) =>
    (
      await one<{ id: number }>(
        `insert into programmes (type, code, internal_name, title, start_date, end_date, status, grading_schema_id)
         values ($1, $2, $2, $2 || ' title', '2026-01-01', '2029-12-31', 'running', $3) returning id`,
        [type, code, schema],
      )
    ).id;
  programmeId = await programme('bachelor', '951', fourPoint);
  otherProgrammeId = await programme('professional', '952', percentage);
  await q(
    `insert into programme_clcs (programme_id, clc_id) select $1, id from clcs where code in ('KAK', 'AMM')`,
    [programmeId],
  );
  await q(
    `insert into programme_clcs (programme_id, clc_id) select $1, id from clcs where code = 'KAK'`,
    [otherProgrammeId],
  );
  const courses = await q<{ id: number; code: 'A' | 'B' | 'C' }>(
    `insert into programme_courses (programme_id, code, title, units, position)
     values ($1, 'A', 'Course A', 3, 0), ($1, 'B', 'Course B', 4, 1), ($1, 'C', 'Course C', 2, 2)
     returning id, code`,
    [programmeId],
  );
  for (const c of courses) course[c.code] = c.id;
  sourceCourse = (
    await one<{ id: number }>(
      `insert into programme_courses (programme_id, code, title, units, position)
       values ($1, 'P1', 'Professional one', 3, 0) returning id`,
      [otherProgrammeId],
    )
  ).id;
  students = await q<{ id: number; user_id: number; clc: string }>(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, s.jwl_id, s.clc_id, 'active' from (
       (select u.jwl_id, uc.clc_id, c.code from users u join user_clcs uc on uc.user_id = u.jwl_id
        join clcs c on c.id = uc.clc_id and c.code = 'KAK'
        join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
        where not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
        order by u.jwl_id limit 2)
       union all
       (select u.jwl_id, uc.clc_id, c.code from users u join user_clcs uc on uc.user_id = u.jwl_id
        join clcs c on c.id = uc.clc_id and c.code = 'AMM'
        join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
        where not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
        order by u.jwl_id limit 1)) s
     returning id, user_id, (select code from clcs where id = clc_id) as clc`,
    [programmeId],
  );
  expect(students).toHaveLength(3);
  const first = students[0];
  if (!first) throw new Error('no student');
  sourceEnrolment = (
    await one<{ id: number }>(
      `insert into enrolments (programme_id, user_id, clc_id, state)
       values ($1, $2, (select id from clcs where code = 'KAK'), 'completed') returning id`,
      [otherProgrammeId, first.user_id],
    )
  ).id;
  await q(
    `insert into course_results (enrolment_id, course_id, score, is_final, grading_schema_id, grading_schema_version, version)
     values ($1, $2, 82, true, $3, 1, 2)`,
    [sourceEnrolment, sourceCourse, percentage],
  );
});
afterAll(async () => t.close());

const base = () => `/api/en/programme/bachelor/${String(programmeId)}`;
const student = (i: number) => {
  const s = students[i];
  if (!s) throw new Error('no student');
  return s;
};

/** What the finish and an approved grade-change request do: result events in one transaction. */
async function results(
  action: ResultAction,
  enrolmentId: number,
  scores: Record<string, number | undefined>,
) {
  await t.database.db.transaction(async (tx) => {
    await applyResultEvents(tx, {
      action,
      entries: Object.entries(scores).map(([code, score]) => ({
        enrolmentId,
        courseId: course[code as 'A'],
        score,
      })),
      schema: { id: fourPoint, version: 1, scaleMax: 4 },
      actorId: null,
      impersonatorId: null,
      reason: action,
    });
  });
}

const credits = async (enrolmentId: number, headers = admin) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${base()}/students/${String(enrolmentId)}/credits`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StudentCredits>();
};

const recount = async (enrolmentId: number) =>
  Number(
    (
      await one<{ s: string | null }>(
        `select sum(credits) as s from ba_credit_ledger where enrolment_id = $1`,
        [enrolmentId],
      )
    ).s ?? 0,
  );

describe('the credit ledger', () => {
  it('earns a course’s units when its final result passes, nothing when it fails', async () => {
    const s = student(0);
    await results('save', s.id, { A: 3, B: 1.5 });
    expect(await recount(s.id)).toBe(0); // not final yet
    await results('finalise', s.id, { A: undefined, B: undefined });
    const c = await credits(s.id);
    expect(c.progress).toBe(3);
    expect(c.required).toBe(9);
    const earned = c.entries.filter((e) => e.kind === 'earned');
    expect(earned.map((e) => [e.courseCode, e.credits, e.sourceGrade])).toEqual([
      ['A', 3, 3],
      ['B', 0, 1.5],
    ]);
    // Each names the course-result event it rests on.
    for (const e of earned) {
      const ev = await one<{ action: string; new_points: string }>(
        `select action, new_points from grade_events where id = $1`,
        [e.gradeEventId],
      );
      expect(ev.action).toBe('finalise');
      expect(Number(ev.new_points)).toBe(e.sourceGrade);
    }
  });

  it('a changed final result appends a correction naming the entry it corrects; the same grade again appends nothing', async () => {
    const s = student(0);
    const before = await credits(s.id);
    const bEntry = before.entries.find((e) => e.courseCode === 'B');
    await results('change', s.id, { B: 2.5 });
    let c = await credits(s.id);
    expect(c.progress).toBe(7);
    const correction = c.entries.at(-1);
    expect(correction).toMatchObject({
      kind: 'earned',
      courseCode: 'B',
      credits: 4,
      sourceGrade: 2.5,
    });
    expect(correction?.replacesEntryId).toBe(bEntry?.id);
    await results('change', s.id, { A: 1 }); // A now fails: its 3 credits are taken back
    c = await credits(s.id);
    expect(c.progress).toBe(4);
    expect(c.entries.at(-1)).toMatchObject({ courseCode: 'A', credits: -3 });
    // Reopened and finalised again at the same grade: the ledger stays as it is.
    const count = c.entries.length;
    await results('reopen', s.id, { A: undefined, B: undefined });
    await results('finalise', s.id, { A: undefined, B: undefined });
    expect((await credits(s.id)).entries).toHaveLength(count);
  });

  it('a retake takes back the course’s credit by a `replaced` entry and the new result earns anew', async () => {
    const s = student(0);
    const replacedId = await t.database.db.transaction((tx) =>
      recordRetake(tx, { enrolmentId: s.id, courseId: course.B, approvedBy: null }),
    );
    let c = await credits(s.id);
    const replaced = c.entries.find((e) => e.id === replacedId);
    const earnedB = c.entries.filter((e) => e.courseCode === 'B' && e.kind === 'earned').at(-1);
    expect(replaced).toMatchObject({ kind: 'replaced', credits: -4, replacesEntryId: earnedB?.id });
    expect(c.progress).toBe(0);
    await results('change', s.id, { B: 3.5 }); // the retake's final result
    c = await credits(s.id);
    expect(c.entries.at(-1)).toMatchObject({
      kind: 'earned',
      courseCode: 'B',
      credits: 4,
      replacesEntryId: null,
    });
    expect(c.progress).toBe(4);
    // Nothing stands for a course never graded: no entry.
    const none = await t.database.db.transaction((tx) =>
      recordRetake(tx, { enrolmentId: s.id, courseId: course.C, approvedBy: null }),
    );
    expect(none).toBeNull();
  });

  it('refuses UPDATE on the ledger', async () => {
    await expect(q(`update ba_credit_ledger set credits = 100`)).rejects.toThrow(/append-only/);
    await expect(
      t.database.db.execute(sql`update ba_credit_ledger set credits = 0 where kind = 'earned'`),
    ).rejects.toThrow();
  });

  it('only bachelor results move the ledger', async () => {
    const before = Number(
      (await one<{ n: string }>(`select count(*) as n from ba_credit_ledger`)).n,
    );
    await t.database.db.transaction(async (tx) => {
      await applyResultEvents(tx, {
        action: 'change',
        entries: [{ enrolmentId: sourceEnrolment, courseId: sourceCourse, score: 83 }],
        schema: { id: percentage, version: 1, scaleMax: 100 },
        actorId: null,
        impersonatorId: null,
      });
    });
    expect(Number((await one<{ n: string }>(`select count(*) as n from ba_credit_ledger`)).n)).toBe(
      before,
    );
    await t.database.db.transaction(async (tx) => {
      await applyResultEvents(tx, {
        action: 'change',
        entries: [{ enrolmentId: sourceEnrolment, courseId: sourceCourse, score: 82 }],
        schema: { id: percentage, version: 1, scaleMax: 100 },
        actorId: null,
        impersonatorId: null,
      });
    });
  });
});

describe('conversions', () => {
  it('creates versions of a from → to table, never edits one, and lists them', async () => {
    const post = (rules: unknown, headers = admin) =>
      t.app.inject({
        method: 'POST',
        url: `${base()}/conversions`,
        headers,
        payload: { fromSchemaId: percentage, toSchemaId: fourPoint, rules },
      });
    const v1 = await post([
      { min: 0, grade: 0, label: 'F' },
      { min: 60, grade: 2, label: 'C' },
      { min: 90, grade: 4, label: 'A' },
    ]);
    expect(v1.statusCode, v1.body).toBe(201);
    expect(v1.json()).toMatchObject({ version: 1 });
    const v2 = await post([
      { min: 90, grade: 4, label: 'A' },
      { min: 75, grade: 3, label: 'B' },
      { min: 60, grade: 2, label: 'C' },
      { min: 0, grade: 0, label: 'F' },
    ]);
    expect(v2.json()).toMatchObject({ version: 2 });
    const bad = await post([
      { min: 60, grade: 2 },
      { min: 60, grade: 3 },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Each rule needs its own minimum');
    expect((await post([{ min: 1, grade: 1 }], await t.as('view_only_user'))).statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: `${base()}/conversions?fromSchemaId=${String(percentage)}`,
      headers: await t.as('view_only_user'),
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<ConversionList>();
    expect(body.programmeSchemaId).toBe(fourPoint);
    expect(body.conversions.map((c) => [c.version, c.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    // Stored highest minimum first.
    expect(body.conversions[1]?.rules.map((r) => r.min)).toEqual([90, 60, 0]);
  });

  it('are read by grades out under transfer-out with its display right, not transfer in’s', async () => {
    // The representative opens grades out (BA_TRANSFER_OUT__DISPLAY) but not transfer in.
    const representative = await t.as('university_representative');
    const get = (path: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `${base()}/${path}`, headers });
    const viaTransferIn = await get('conversions', representative);
    expect(viaTransferIn.statusCode).toBe(403);
    expect(viaTransferIn.json()).toMatchObject({ missingRight: 'BA_TRANSFER_IN__DISPLAY' });
    const viaTransferOut = await get('transfer-out/conversions', representative);
    expect(viaTransferOut.statusCode, viaTransferOut.body).toBe(200);
    const body = viaTransferOut.json<ConversionList>();
    expect(body.schemas.map((s) => s.id)).toEqual(expect.arrayContaining([fourPoint, percentage]));
    // The same list either way.
    expect((await get('conversions', admin)).json()).toEqual(body);
    // Without the transfer-out right, its path refuses (the faculty holds neither).
    const faculty = await get('transfer-out/conversions', await t.as('faculty'));
    expect(faculty.json()).toMatchObject({ missingRight: 'BA_TRANSFER_OUT__DISPLAY' });
  });
});

describe('transfers in', () => {
  let internal: Transfer;
  let external: Transfer;

  it('proposes an internal transfer converted by the current conversion, with per-field errors', async () => {
    const s = student(0);
    const res = await t.app.inject({
      method: 'POST',
      url: `${base()}/transfer-in`,
      headers: admin,
      payload: {
        kind: 'internal',
        enrolmentId: s.id,
        courseId: course.C,
        sourceEnrolmentId: sourceEnrolment,
        sourceCourseId: sourceCourse,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    internal = res.json<Transfer>();
    expect(internal).toMatchObject({
      state: 'proposed',
      sourceGrade: 82,
      sourceSchema: 'Credits percent',
      convertedGrade: 3,
      convertedLabel: 'B',
      conversionVersion: 2,
      credits: 2,
      courseCode: 'C',
    });
    const sources = await t.app.inject({
      method: 'GET',
      url: `${base()}/transfer-in/sources/${String(s.id)}`,
      headers: admin,
    });
    expect(sources.json()).toMatchObject({ sources: [{ courseCode: 'P1', score: 82 }] });
    // Someone else's result is not a source.
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${base()}/transfer-in`,
      headers: admin,
      payload: {
        kind: 'internal',
        enrolmentId: student(1).id,
        courseId: course.C,
        sourceEnrolmentId: sourceEnrolment,
        sourceCourseId: sourceCourse,
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      fields: { sourceCourseId: expect.any(String) as string },
    });
  });

  it('proposes an external transfer on a given scale, refusing what is missing', async () => {
    const s = student(1);
    const missing = await t.app.inject({
      method: 'POST',
      url: `${base()}/transfer-in`,
      headers: admin,
      payload: {
        kind: 'external',
        enrolmentId: s.id,
        courseId: course.A,
        institution: 'X',
        sourceCourseTitle: 'Ethics',
        sourceGrade: 8,
        credits: 3,
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Name the institution');
    const res = await t.app.inject({
      method: 'POST',
      url: `${base()}/transfer-in`,
      headers: admin,
      payload: {
        kind: 'external',
        enrolmentId: s.id,
        courseId: course.A,
        institution: 'Open University',
        sourceCourseTitle: 'Ethics',
        sourceGrade: 8,
        sourceScaleMax: 10,
        credits: 3,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    external = res.json<Transfer>();
    expect(external).toMatchObject({ convertedGrade: 3.2, sourceScaleMax: 10, conversionId: null });
  });

  it('refuses the proposer’s own approval, changing nothing', async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: `${base()}/transfer-in/${String(internal.id)}/approve`,
      headers: admin,
      payload: { version: internal.version },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({
      code: 'CONFLICT',
      detail: 'You proposed this transfer; another person approves it.',
    });
    const after = await one<{ state: string; version: number; decided_by: number | null }>(
      `select state, version, decided_by from ba_transfers where id = $1`,
      [internal.id],
    );
    expect(after).toEqual({ state: 'proposed', version: internal.version, decided_by: null });
    const entries = await one<{ n: number }>(
      `select count(*)::int as n from ba_credit_ledger where transfer_id = $1`,
      [internal.id],
    );
    expect(entries.n).toBe(0);
  });

  it('approves with EDIT only, refusing a stale version and a second decision', async () => {
    const approve = (tr: Transfer, version: number, headers = manager) =>
      t.app.inject({
        method: 'POST',
        url: `${base()}/transfer-in/${String(tr.id)}/approve`,
        headers,
        payload: { version },
      });
    expect((await approve(internal, internal.version, await t.as('faculty'))).statusCode).toBe(403);
    expect(
      (await approve(internal, internal.version, await t.as('view_only_user'))).statusCode,
    ).toBe(403);
    const stale = await approve(internal, internal.version + 1);
    expect(stale.statusCode).toBe(409);
    const ok = await approve(internal, internal.version);
    expect(ok.statusCode, ok.body).toBe(200);
    const approved = ok.json<Transfer>();
    expect(approved).toMatchObject({ state: 'approved', decidedBy: expect.any(String) as string });
    expect(approved.ledgerEntryId).not.toBeNull();
    const again = await approve(internal, approved.version);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already approved');
    const entry = (await credits(student(0).id)).entries.find(
      (e) => e.id === approved.ledgerEntryId,
    );
    expect(entry).toMatchObject({
      kind: 'transfer-in',
      credits: 2,
      sourceGrade: 82,
      sourceSchema: 'Credits percent',
      convertedGrade: 3,
      conversionVersion: 2,
      transferId: internal.id,
      approvedBy: expect.any(String) as string,
    });
    const audits = await q<{ action: string }>(
      `select action from audit_log where entity_type = 'ba_transfer' and entity_id = $1 order by id`,
      [String(internal.id)],
    );
    expect(audits.map((a) => a.action)).toEqual([
      'bachelor.transfer-in.proposed',
      'bachelor.transfer-in.approved',
    ]);
  });

  it('rejects with a reason; no ledger entry', async () => {
    const reject = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `${base()}/transfer-in/${String(external.id)}/reject`,
        headers: admin,
        payload,
      });
    expect((await reject({ version: external.version })).statusCode).toBe(400);
    const ok = await reject({ version: external.version, reason: 'Not equivalent' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Transfer>()).toMatchObject({
      state: 'rejected',
      reason: 'Not equivalent',
      ledgerEntryId: null,
    });
    expect(await recount(student(1).id)).toBe(0);
    const list = await t.app.inject({
      method: 'GET',
      url: `${base()}/transfer-in?state=rejected`,
      headers: admin,
    });
    expect(list.json<TransferList>().items.map((r) => r.id)).toEqual([external.id]);
  });

  it('refuses to propose or approve a transfer in for a course the student holds credit in', async () => {
    // Student 0 holds the 2 credits of C since the approval above.
    const again = await t.app.inject({
      method: 'POST',
      url: `${base()}/transfer-in`,
      headers: admin,
      payload: {
        kind: 'internal',
        enrolmentId: student(0).id,
        courseId: course.C,
        sourceEnrolmentId: sourceEnrolment,
        sourceCourseId: sourceCourse,
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already holds 2 credits for C');
    expect(again.body).toContain('a transfer does not add to it');
    // Proposed while the student held nothing; earned meanwhile: the approval is refused.
    const s = student(2);
    const proposed = await t.app.inject({
      method: 'POST',
      url: `${base()}/transfer-in`,
      headers: admin,
      payload: {
        kind: 'external',
        enrolmentId: s.id,
        courseId: course.B,
        institution: 'Open University',
        sourceCourseTitle: 'Logic',
        sourceGrade: 7,
        sourceScaleMax: 10,
        credits: 4,
      },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const tr = proposed.json<Transfer>();
    await results('save', s.id, { B: 3 });
    await results('finalise', s.id, { B: undefined });
    const approve = await t.app.inject({
      method: 'POST',
      url: `${base()}/transfer-in/${String(tr.id)}/approve`,
      headers: manager,
      payload: { version: tr.version },
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.body).toContain('already holds 4 credits for B');
    const after = await one<{ state: string }>(`select state from ba_transfers where id = $1`, [
      tr.id,
    ]);
    expect(after.state).toBe('proposed');
    expect((await credits(s.id)).entries.filter((e) => e.kind === 'transfer-in')).toHaveLength(0);
    // Rejecting it stays possible.
    const reject = await t.app.inject({
      method: 'POST',
      url: `${base()}/transfer-in/${String(tr.id)}/reject`,
      headers: admin,
      payload: { version: tr.version, reason: 'Earned the course here' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
  });

  it('keeps CLC-scoped roles to their CLCs’ students', async () => {
    const coordinator = await t.as('coordinator'); // KAK
    expect((await credits(student(0).id, coordinator)).progress).toBeGreaterThan(0);
    const amm = await t.app.inject({
      method: 'GET',
      url: `${base()}/students/${String(student(2).id)}/credits`,
      headers: coordinator,
    });
    expect(amm.statusCode).toBe(404);
  });
});

describe('transfers out and grades out', () => {
  it('transfers a student out once, with a negative entry of their whole progress', async () => {
    const s = student(0);
    const progress = (await credits(s.id)).progress;
    const post = (headers = admin) =>
      t.app.inject({
        method: 'POST',
        url: `${base()}/transfer-out`,
        headers,
        payload: { enrolmentId: s.id, reason: 'Continues at the certifying university' },
      });
    expect((await post(await t.as('university_representative'))).statusCode).toBe(403);
    const res = await post();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ direction: 'out', state: 'approved', credits: progress });
    const c = await credits(s.id);
    expect(c.entries.at(-1)).toMatchObject({ kind: 'transfer-out', credits: -progress });
    expect(c.progress).toBe(0);
    expect((await post()).statusCode).toBe(409);
  });

  it('degree progress equals a recount of the entries after earned, changes, retakes and transfers', async () => {
    for (const s of students) {
      const c = await credits(s.id);
      const sum = Math.round(c.entries.reduce((a, e) => a + e.credits, 0) * 100) / 100;
      expect(c.progress).toBe(sum);
      expect(c.progress).toBe(await recount(s.id));
    }
  });

  it('grades out: converted rows, each naming ledger entries of that student and course', async () => {
    await results('save', student(1).id, { A: 3.7 });
    await results('finalise', student(1).id, { A: undefined });
    const preview = await t.app.inject({
      method: 'GET',
      url: `${base()}/transfer-out/grades-out?gradingSchemaId=${String(fourPoint)}`,
      headers: await t.as('university_representative'),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<GradesOutPreview>();
    expect(body.total).toBeGreaterThanOrEqual(4);
    for (const row of body.rows) {
      const found = await q<{ enrolment_id: number; course_id: number }>(
        `select enrolment_id, course_id from ba_credit_ledger where id = any($1::bigint[])`,
        [row.entryIds],
      );
      expect(found).toHaveLength(row.entryIds.length);
      for (const f of found) expect(f.enrolment_id).toBe(row.enrolmentId);
    }
    const c = body.rows.find((r) => r.courseCode === 'C');
    expect(c).toMatchObject({ grade: 3, convertedGrade: 3, credits: 2, transferredOut: true });
    // To the percentage scale there is no conversion: said, not guessed.
    const toPercent = await t.app.inject({
      method: 'GET',
      url: `${base()}/transfer-out/grades-out?gradingSchemaId=${String(percentage)}&courseId=${String(course.A)}`,
      headers: admin,
    });
    const rowsA = toPercent.json<GradesOutPreview>().rows;
    expect(rowsA.every((r) => r.courseCode === 'A')).toBe(true);
    expect(rowsA[0]?.note).toContain('No conversion');
  });

  it('exports CSV and XLSX with EXPORT only, keeping the file as a grades-out batch', async () => {
    const exp = (format: string, headers = admin) =>
      t.app.inject({
        method: 'GET',
        url: `${base()}/transfer-out/grades-out/export?gradingSchemaId=${String(fourPoint)}&format=${format}`,
        headers,
      });
    expect((await exp('csv', await t.as('university_representative'))).statusCode).toBe(403);
    const csv = await exp('csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('"Ledger entries"');
    const batchId = Number(csv.headers['x-export-batch-id']);
    const batch = await one<{ purpose: string; rows: number; file_id: string | null }>(
      `select purpose, rows, file_id from ba_export_batches where id = $1`,
      [batchId],
    );
    expect(batch).toMatchObject({ purpose: 'grades-out', rows: lines.length - 1 });
    expect(batch.file_id).not.toBeNull();
    const xlsx = await exp('xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.rowCount).toBe(lines.length);
    expect(sheet?.getRow(1).getCell(14).value).toBe('Ledger entries');
  });
});

describe('the demo seed', () => {
  it('gives programme 512 entries of every kind, transfers in every state, and progress = recount', async () => {
    const kinds = await q<{ kind: string; n: number }>(
      `select l.kind, count(*)::int as n from ba_credit_ledger l join enrolments e on e.id = l.enrolment_id
       join programmes p on p.id = e.programme_id and p.code = '512' group by l.kind order by l.kind::text`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(['earned', 'replaced', 'transfer-in', 'transfer-out']);
    const states = await q<{ direction: string; kind: string; state: string }>(
      `select t.direction, t.kind, t.state from ba_transfers t join enrolments e on e.id = t.enrolment_id
       join programmes p on p.id = e.programme_id and p.code = '512' order by t.id`,
    );
    expect(states).toEqual([
      { direction: 'in', kind: 'internal', state: 'approved' },
      { direction: 'in', kind: 'internal', state: 'proposed' },
      { direction: 'in', kind: 'external', state: 'approved' },
      { direction: 'in', kind: 'external', state: 'proposed' },
      { direction: 'in', kind: 'external', state: 'rejected' },
      { direction: 'out', kind: 'external', state: 'approved' },
    ]);
    const p512 = await one<{ id: number }>(`select id from programmes where code = '512'`);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/en/programme/bachelor/${String(p512.id)}/credits/students?limit=100`,
      headers: admin,
    });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json<{
      items: { enrolmentId: number; progress: number; clc: string | null }[];
    }>().items;
    for (const row of items) expect(row.progress).toBe(await recount(row.enrolmentId));
    // The CLC by its name, as every other list shows it, not its code.
    expect(new Set(items.map((r) => r.clc))).toContain('Kakuma CLC');
    // Every earned entry names a finalise or change event of its own result.
    const orphans = await q(
      `select l.id from ba_credit_ledger l left join grade_events ev on ev.id = l.grade_event_id
       where l.kind = 'earned' and (ev.id is null or ev.enrolment_id <> l.enrolment_id
         or ev.course_id <> l.course_id or ev.action not in ('finalise', 'change'))`,
    );
    expect(orphans).toEqual([]);
    // Each final attempt's result has exactly one finalise event naming it (none entered twice).
    const twice = await q(
      `select a.student_course_id from ba_attempt_results a
       join ba_student_courses sc on sc.id = a.student_course_id
       join enrolments e on e.id = sc.enrolment_id and e.programme_id = $1
       where a.is_final and (select count(*) from grade_events ev where ev.subject = 'course_result'
         and ev.action = 'finalise' and ev.student_course_id = a.student_course_id) <> 1`,
      [p512.id],
    );
    expect(twice).toEqual([]);
  });
});
