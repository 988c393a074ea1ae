import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DropoutItem, DropoutPreview } from '@lantern/contracts/dropout';
import { buildTestApp, clearBachelorDemo, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: Record<string, string>;
let programmeId: number;
let inTerm: number[];

const q = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.query<T>(text, params);

beforeAll(async () => {
  t = await buildTestApp();
  await clearBachelorDemo(t);
  admin = await t.as('admin');
  const [p] = await q<{ id: number }>(`select id from programmes where code = '512'`);
  programmeId = p?.id ?? 0;
  const enrolments = await q<{ id: number }>(
    `select id from enrolments where programme_id = $1 and state = 'active' order by id limit 3`,
    [programmeId],
  );
  const [term] = await q<{ id: number }>(
    `insert into ba_terms (programme_id, year, season, name, start_date, weeks)
     values ($1, 2026, 'fa', 'Fall 2026', '2026-09-01', 14) returning id`,
    [programmeId],
  );
  const [course] = await q<{ id: number }>(
    `select id from programme_courses where programme_id = $1 order by code limit 1`,
    [programmeId],
  );
  const [o] = await q<{ id: number }>(
    `insert into ba_offerings (term_id, course_id) values ($1, $2) returning id`,
    [term?.id, course?.id],
  );
  // Never active since they enrolled 30 weeks ago: the inactive criterion flags them all.
  await q(
    `update enrolments set created_at = now() - interval '30 weeks' where programme_id = $1`,
    [programmeId],
  );
  // Two students study in the term; a third was placed and dropped (not flagged by its items).
  inTerm = enrolments.slice(0, 2).map((e) => e.id);
  for (const e of enrolments)
    await q(
      `insert into ba_student_courses (offering_id, enrolment_id, status) values ($1, $2, $3)`,
      [o?.id, e.id, inTerm.includes(e.id) ? 'active' : 'drop-delete'],
    );
});
afterAll(async () => t.close());

const base = () => `/api/en/dropout-flagging/bachelor/${String(programmeId)}`;
const inactive = { action: 'follow_up', criterion: 'inactive', weeks: 1 };

describe('bachelor dropout flagging per term', () => {
  it('previews and flags only the students of the term', async () => {
    const preview = await t.app.inject({
      method: 'POST',
      url: `${base()}/2026-fa/preview`,
      headers: admin,
      payload: inactive,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<DropoutPreview>().count).toBe(2);
    // The whole programme (`all`) sees every active student.
    const all = await t.app.inject({
      method: 'POST',
      url: `${base()}/all/preview`,
      headers: admin,
      payload: inactive,
    });
    expect(all.json<DropoutPreview>().count).toBeGreaterThan(2);

    const created = await t.app.inject({
      method: 'POST',
      url: `${base()}/2026-fa`,
      headers: admin,
      payload: inactive,
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json<DropoutItem>();
    expect(item.termKey).toBe('2026-fa');
    const run = await t.app.inject({ method: 'POST', url: `${base()}/run`, headers: admin });
    expect(run.statusCode, run.body).toBe(200);
    const flags = await t.app.inject({
      url: `${base()}/flags?termKey=2026-fa`,
      headers: admin,
    });
    expect(flags.statusCode, flags.body).toBe(200);
    const body = flags.json<{ flags: { enrolmentId: number }[]; total: number }>();
    expect(body.total).toBe(2);
    expect(body.flags.map((f) => f.enrolmentId).sort()).toEqual([...inTerm].sort());
    const other = await t.app.inject({ url: `${base()}/flags?termKey=2025-sp`, headers: admin });
    expect(other.json<{ total: number }>().total).toBe(0);
  });

  it('filters a term’s flags by one of its classrooms: the students seated there', async () => {
    const [seated] = inTerm;
    const [enrolment] = await q<{ clc_id: number }>(`select clc_id from enrolments where id = $1`, [
      seated,
    ]);
    const [offering] = await q<{ id: number }>(
      `select o.id from ba_offerings o join ba_terms t on t.id = o.term_id
        where t.programme_id = $1 and t.year = 2026 and t.season = 'fa'`,
      [programmeId],
    );
    const programme = `/api/en/programme/bachelor/${String(programmeId)}`;
    const created = await t.app.inject({
      method: 'POST',
      url: `${programme}/offerings/${String(offering?.id)}/classrooms`,
      headers: admin,
      payload: { clcId: enrolment?.clc_id, name: 'Dropout filter room', capacity: 5 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const room = created.json<{ id: number }>();
    await q(`update ba_student_courses set class_id = $1 where enrolment_id = $2`, [
      room.id,
      seated,
    ]);
    // The term's classrooms, what the list's Class filter offers.
    const rooms = await t.app.inject({
      url: `${programme}/classrooms?termKey=2026-fa`,
      headers: admin,
    });
    expect(rooms.statusCode, rooms.body).toBe(200);
    expect(rooms.json<{ classrooms: { id: number }[] }>().classrooms.map((c) => c.id)).toEqual([
      room.id,
    ]);
    const flags = await t.app.inject({
      url: `${base()}/flags?termKey=2026-fa&classId=${String(room.id)}`,
      headers: admin,
    });
    expect(flags.statusCode, flags.body).toBe(200);
    const body = flags.json<{ flags: { enrolmentId: number }[]; total: number }>();
    expect(body.flags.map((f) => f.enrolmentId)).toEqual([seated]);
  });

  it('refuses a term the programme does not have (404), and what is no term key (400)', async () => {
    const post = (key: string) =>
      t.app.inject({ method: 'POST', url: `${base()}/${key}`, headers: admin, payload: inactive });
    expect((await post('2025-sp')).statusCode).toBe(404);
    // One term key for every route (contracts/bachelor), with `all` as the second form.
    const wrong = await post('whatever');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ detail: string }>().detail).toContain(
      'Use “all” or a term such as 2026-fa.',
    );
  });

  it('needs DROPOUT_FLAGGING rights like any programme', async () => {
    const rep = await t.as('university_representative');
    const res = await t.app.inject({ url: base(), headers: rep });
    expect(res.statusCode).toBe(403);
  });
});

/**
 * A term's items count only the work of the courses the term offers, in which the student is
 * placed (active or open). Two courses of their own: "in" is offered in 2026-sp, "out" only in
 * 2026-su. One task each, due three days ago; "out" also has a zero-point task (weight 0).
 * S1 did well in "in" and badly in "out" (not handed in, 0/10); S2 the reverse, and was last
 * active in "out" yesterday; S3 has nothing handed in, but was dropped from "in".
 */
describe('bachelor dropout flagging per term: what a term counts', () => {
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let courseIn = 0;
  let courseOut = 0;
  let taskIn = 0;
  let taskOut = 0;
  let zeroOut = 0;

  beforeAll(async () => {
    const enrolments = await q<{ id: number; user_id: number }>(
      `select id, user_id from enrolments where programme_id = $1 and state = 'active' order by id limit 3`,
      [programmeId],
    );
    const [e1, e2, e3] = enrolments;
    s1 = e1?.id ?? 0;
    s2 = e2?.id ?? 0;
    s3 = e3?.id ?? 0;
    const userOf = (enrolmentId: number) =>
      enrolments.find((e) => e.id === enrolmentId)?.user_id ?? 0;
    const one = async (text: string, params: unknown[]) =>
      (await q<{ id: number }>(text, params))[0]?.id ?? 0;
    const course = (code: string, weighting: string) =>
      one(
        `insert into programme_courses (programme_id, code, title, units, position, grade_weighting)
         values ($1, $2, $2, 1, 90, $3) returning id`,
        [programmeId, code, weighting],
      );
    courseIn = await course('ZTERM-IN', 'points');
    courseOut = await course('ZTERM-OUT', 'weights');
    const task = async (courseId: number, title: string, weight: number | null) => {
      const unitId = await one(
        `insert into learning_units (course_id, title, position, status, published_at)
         values ($1, 'Unit', 1, 'published', now()) returning id`,
        [courseId],
      );
      return one(
        `insert into learning_items (unit_id, course_id, kind, title, position, is_published, published_at,
           delivery, max_points, grading, weight, due_at)
         values ($1, $2, 'text_task', $3, 1, true, now(), 'online', 10, 'points', $4, now() - interval '3 days')
         returning id`,
        [unitId, courseId, title, weight],
      );
    };
    taskIn = await task(courseIn, 'Term task', null);
    taskOut = await task(courseOut, 'Other term task', null);
    zeroOut = await task(courseOut, 'Other term warm-up', 0);
    const term = (season: string) =>
      one(
        `insert into ba_terms (programme_id, year, season, name, start_date, weeks)
         values ($1, 2026, $2, $3, (now() - interval '20 weeks')::date, 14) returning id`,
        [programmeId, season, `Term ${season}`],
      );
    const offerIn = await one(
      `insert into ba_offerings (term_id, course_id) values ($1, $2) returning id`,
      [await term('sp'), courseIn],
    );
    const offerOut = await one(
      `insert into ba_offerings (term_id, course_id) values ($1, $2) returning id`,
      [await term('su'), courseOut],
    );
    const place = (offeringId: number, enrolmentId: number, status: string) =>
      q(`insert into ba_student_courses (offering_id, enrolment_id, status) values ($1, $2, $3)`, [
        offeringId,
        enrolmentId,
        status,
      ]);
    await place(offerIn, s1, 'active');
    await place(offerIn, s2, 'open');
    await place(offerIn, s3, 'drop-delete');
    await place(offerOut, s1, 'active');
    await place(offerOut, s2, 'active');
    const handIn = (itemId: number, courseId: number, enrolmentId: number, ago: string) =>
      q(
        `insert into submissions (item_id, student_id, course_id, attempt, status, item_version, submitted_at)
         values ($1, $2, $3, 1, 'submitted', 1, now() - $4::interval)`,
        [itemId, userOf(enrolmentId), courseId, ago],
      );
    const grade = (itemId: number, courseId: number, enrolmentId: number, points: number) =>
      q(
        `insert into grades (item_id, student_id, course_id, outcome, points, is_published, max_points, item_version)
         values ($1, $2, $3, 'graded', $4, true, 10, 1)`,
        [itemId, userOf(enrolmentId), courseId, points],
      );
    await handIn(taskIn, courseIn, s1, '2 days');
    await grade(taskIn, courseIn, s1, 10);
    await grade(taskOut, courseOut, s1, 0);
    await grade(taskIn, courseIn, s2, 0);
    await handIn(taskOut, courseOut, s2, '1 day');
    await grade(taskOut, courseOut, s2, 10);
  });

  const preview = async (termKey: string, input: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${base()}/${termKey}/preview`,
      headers: admin,
      payload: { action: 'follow_up', ignoreZeroPointTasks: true, ...input },
    });
    expect(res.statusCode, res.body).toBe(200);
    return new Map(res.json<DropoutPreview>().students.map((s) => [s.enrolmentId, s.evidence]));
  };

  it('missed tasks: a term counts its own courses only; all counts every course', async () => {
    const term = await preview('2026-sp', { criterion: 'missed_tasks', percent: 1 });
    // S1 missed a task only in a course the term does not offer; S3 was dropped from the term.
    expect(term.has(s1)).toBe(false);
    expect(term.has(s3)).toBe(false);
    // The evidence lists only the term's tasks: not the other course's, nor its zero-point task.
    expect(term.get(s2)).toMatchObject({ counted: [taskIn], excluded: [], ratio: 1 });

    const all = await preview('all', { criterion: 'missed_tasks', percent: 1 });
    expect(all.get(s1)?.counted).toEqual(expect.arrayContaining([taskIn, taskOut]));
    expect(all.get(s2)?.counted).toEqual(expect.arrayContaining([taskIn, taskOut]));
    expect(all.get(s2)?.excluded).toContainEqual({ itemId: zeroOut, why: 'zero_point' });
  });

  it('failed tasks and below grade: only the results of the term’s courses', async () => {
    const failed = await preview('2026-sp', { criterion: 'failed_tasks', percent: 1 });
    expect(failed.has(s1)).toBe(false);
    expect(failed.get(s2)).toMatchObject({ counted: [taskIn], ratio: 1 });
    const failedAll = await preview('all', { criterion: 'failed_tasks', percent: 1 });
    expect(failedAll.get(s1)?.counted).toContain(taskOut);

    const below = await preview('2026-sp', { criterion: 'below_grade', percent: 50 });
    expect(below.has(s1)).toBe(false);
    expect(below.get(s2)).toMatchObject({ courseId: courseIn, counted: [taskIn], ratio: 0 });
    // The other term sees S1's poor course, and only it.
    const belowOut = await preview('2026-su', { criterion: 'below_grade', percent: 50 });
    expect(belowOut.get(s1)).toMatchObject({ courseId: courseOut, counted: [taskOut] });
    expect(belowOut.has(s2)).toBe(false);
  });

  it('inactive: only activity in the term’s courses, never active counted from the term’s start at most', async () => {
    const term = await preview('2026-sp', { criterion: 'inactive', weeks: 4 });
    // S2 was active yesterday, but in a course of another term; enrolled 30 weeks ago, the term
    // started 20 weeks ago.
    const weeks = term.get(s2)?.weeksInactive ?? 0;
    expect(weeks).toBeGreaterThanOrEqual(4);
    // The term starts on the day 20 weeks ago: up to a day more late in the evening.
    expect(weeks).toBeLessThanOrEqual(20 + 1 / 7 + 0.001);
    expect(term.has(s1)).toBe(false);
    const all = await preview('all', { criterion: 'inactive', weeks: 4 });
    expect(all.has(s2)).toBe(false);
  });

  it('a saved item of the term flags with the term’s evidence', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `${base()}/2026-sp`,
      headers: admin,
      payload: { action: 'follow_up', criterion: 'missed_tasks', percent: 1 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json<DropoutItem>();
    const run = await t.app.inject({ method: 'POST', url: `${base()}/run`, headers: admin });
    expect(run.statusCode, run.body).toBe(200);
    const flags = await t.app.inject({
      url: `${base()}/flags?itemId=${String(item.id)}`,
      headers: admin,
    });
    expect(flags.statusCode, flags.body).toBe(200);
    const found = flags.json<{
      flags: { enrolmentId: number; evidence: { counted: number[] } }[];
    }>().flags;
    expect(found.map((f) => [f.enrolmentId, f.evidence.counted])).toEqual([[s2, [taskIn]]]);
  });
});
