import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type {
  WbtAttemptDetail,
  WbtCommit,
  WbtCommitResult,
  WbtLaunch,
  WbtList,
  WbtReport,
  WbtReportLearners,
} from '@lantern/contracts/wbt';
import { WBT_HTML_MIN_OPEN_SECONDS } from '@lantern/contracts/wbt';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../../test/teaching-fixture';
import { makePackageRows } from './wbt.fixtures';
import { COMMIT_KEEP_DAYS, sweepOldCommits } from './commit-sweep';

/**
 * Tracking (decision 0020 §2.5–2.7): launches, commits in any order, completion into the
 * submissions, progress and the grade book, public trainings without sign-in, and the report.
 */

const LMS = '/api/en/lms';

let t: TestApp;
let f: TeachingFixture;
let packageId = 0;
const h: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://app.lantern.test' });
  f = await makeTeachingFixture(t, '962');
  packageId = await makePackageRows(t.database, f.courseId, 3);
  for (const who of ['student', 'student_2', 'lead_faculty', 'faculty', 'admin'])
    h[who] = await t.as(who);
  // A copy of the database and the fixture take long on a busy shared machine.
}, 240_000);
afterAll(async () => t.close());

async function makeTraining(settings: Record<string, unknown> = {}, maxPoints = 10) {
  const [row] = await t.database.query<{ id: number }>(
    `insert into learning_items (unit_id, course_id, kind, title, settings, is_published, published_at,
       delivery, max_points, grading, position)
     values ($1, $2, 'wbt', 'Safety training', $3::jsonb, true, now(), 'online', $4, 'points',
       (select count(*) from learning_items where unit_id = $1))
     returning id`,
    [
      f.unitId,
      f.courseId,
      JSON.stringify({ packageId, gradeFrom: 'score', ...settings }),
      maxPoints,
    ],
  );
  if (!row) throw new Error('no item');
  return row.id;
}

async function launch(itemId: number, who = 'student', newAttempt = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${LMS}/wbt/${itemId}/launch`,
    headers: h[who],
    payload: { newAttempt },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WbtLaunch>();
}

async function send(attemptId: number, commits: WbtCommit[], who = 'student') {
  const res = await t.app.inject({
    method: 'POST',
    url: `${LMS}/wbt-attempt/${attemptId}/commits`,
    headers: h[who],
    payload: { commits },
  });
  return res;
}

const commit = (
  launchNo: number,
  seq: number,
  sco: number,
  values: Record<string, string>,
): WbtCommit => ({ launchNo, seq, sco, values });

describe('launch and commits', () => {
  it('launches, resumes from stored values, completes into a hand-in, progress and a grade', async () => {
    const itemId = await makeTraining({ completeWhen: 'completed' });
    const first = await launch(itemId);
    expect(first.mode).toBe('normal');
    expect(first.launchNo).toBe(1);
    expect(first.contentBase).toMatch(/^http:\/\/localhost:3001\/c\/[A-Za-z0-9_-]+\/$/);
    expect(first.playerUrl).toBe('http://localhost:3001/player/scorm12.html');
    const attemptId = first.attempt?.id ?? 0;
    let res = await send(attemptId, [
      commit(1, 1, 0, {
        'cmi.core.lesson_location': 'page-3',
        'cmi.suspend_data': 'abc',
        'cmi.core.lesson_status': 'incomplete',
        'cmi.core.session_time': '00:01:30',
      }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // A resend is a duplicate and changes nothing.
    res = await send(attemptId, [commit(1, 1, 0, { 'cmi.core.lesson_location': 'other' })]);
    expect(res.json<WbtCommitResult>().results[0]?.outcome).toBe('duplicate');

    const again = await launch(itemId);
    expect(again.launchNo).toBe(2);
    expect(again.attempt?.id).toBe(attemptId);
    expect(again.cmi['0']).toMatchObject({
      'cmi.core.lesson_location': 'page-3',
      'cmi.suspend_data': 'abc',
      'cmi.core.entry': 'resume',
    });

    for (const sco of [0, 1, 2])
      res = await send(attemptId, [
        commit(2, sco + 1, sco, {
          'cmi.core.lesson_status': 'completed',
          'cmi.core.score.raw': String(70 + sco * 10),
          'cmi.core.session_time': '00:00:10',
        }),
      ]);
    const done = res.json<WbtCommitResult>().attempt;
    expect(done.completion).toBe('completed');
    expect(done.scoreScaled).toBe(0.8);
    // Each part keeps its own time in a launch: 90 s in launch 1, then 10 s in each of 3 parts.
    expect(done.totalSeconds).toBe(120);
    // A commit that moves only the session time answers the attempt with its new time.
    const timeOnly = await send(attemptId, [
      commit(2, 4, 0, { 'cmi.core.session_time': '00:00:25' }),
    ]);
    expect(timeOnly.json<WbtCommitResult>().attempt.totalSeconds).toBe(135);
    expect(done.submissionId).not.toBeNull();
    const [sub] = await t.database.query<{ status: string; n: number }>(
      `select status, count(*) over ()::int as n from submissions where item_id = $1`,
      [itemId],
    );
    expect(sub).toMatchObject({ status: 'submitted', n: 1 });
    const [progress] = await t.database.query<{ source: string }>(
      `select source from item_progress where item_id = $1 and student_id = $2`,
      [itemId, f.user.student],
    );
    expect(progress?.source).toBe('submitted');
    const [grade] = await t.database.query<{
      points: string;
      is_published: boolean;
      graded_by: number | null;
    }>(
      `select points, is_published, graded_by from grades where item_id = $1 and student_id = $2`,
      [itemId, f.user.student],
    );
    expect(grade).toMatchObject({ is_published: true, graded_by: null });
    expect(Number(grade?.points)).toBe(8);
    // In the grade book, as any published grade.
    const book = await t.app.inject({
      url: `${LMS}/course/${f.courseId}/grade-book?classId=${f.k1}`,
      headers: h.admin,
    });
    expect(book.statusCode, book.body).toBe(200);
    expect(book.body).toContain(String(itemId));

    // The grade page's view of the attempt.
    const detail = await t.app.inject({
      url: `${LMS}/wbt-attempt/${attemptId}`,
      headers: h.faculty,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<{ scos: { completion: string }[] }>().scos.map((s) => s.completion)).toEqual(
      ['completed', 'completed', 'completed'],
    );
    // The grade page knows the submission: the attempt answers by it too, for staff who reach
    // the learner (learners read theirs on the training's page); a submission that is no
    // training's is 404.
    const submissionId = done.submissionId ?? 0;
    const bySubmission = await t.app.inject({
      url: `${LMS}/submission/${submissionId}/wbt-attempt`,
      headers: h.faculty,
    });
    expect(bySubmission.statusCode, bySubmission.body).toBe(200);
    expect(bySubmission.json<WbtAttemptDetail>()).toMatchObject({
      attempt: { id: attemptId, completion: 'completed', scoreScaled: 0.8 },
      itemId,
      studentId: f.user.student,
    });
    expect(
      (
        await t.app.inject({
          url: `${LMS}/submission/${submissionId}/wbt-attempt`,
          headers: h.student,
        })
      ).statusCode,
    ).toBe(403);
    const [other] = await t.database.query<{ id: string }>(
      `select id from submissions where item_id <> $1 order by id limit 1`,
      [itemId],
    );
    expect(other).toBeDefined();
    expect(
      (
        await t.app.inject({
          url: `${LMS}/submission/${other?.id ?? 0}/wbt-attempt`,
          headers: h.admin,
        })
      ).statusCode,
    ).toBe(404);

    // Starting again: a new attempt; the grade stays the best.
    const next = await launch(itemId, 'student', true);
    expect(next.attempt?.attempt).toBe(2);
    expect(next.launchNo).toBe(1);
  });

  it('refuses a commit to someone else’s attempt, an unknown launch, and an expired one', async () => {
    const itemId = await makeTraining();
    const l = await launch(itemId);
    const attemptId = l.attempt?.id ?? 0;
    expect((await send(attemptId, [commit(1, 1, 0, {})], 'student_2')).statusCode).toBe(404);
    expect((await send(attemptId, [commit(9, 1, 0, {})])).statusCode).toBe(404);
    expect((await send(attemptId, [commit(1, 1, 7, {})])).statusCode).toBe(400);
    const bad = await send(attemptId, [commit(1, 1, 0, { 'window.alert': 'x' })]);
    expect(bad.statusCode).toBe(400);
    await t.database.query(
      `update wbt_launches set issued_at = now() - interval '8 days' where attempt_id = $1`,
      [attemptId],
    );
    const expired = await send(attemptId, [commit(1, 1, 0, { 'cmi.suspend_data': 'x' })]);
    expect(expired.statusCode).toBe(409);
    expect(expired.json<{ code: string; detail: string }>()).toMatchObject({
      code: 'WBT_LAUNCH_EXPIRED',
      detail: 'This training was opened more than 7 days ago: open it again to go on.',
    });
    const [n] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from wbt_values where attempt_id = $1`,
      [attemptId],
    );
    expect(n?.n).toBe(0);
  });

  it('a refused commit leaves the element names usable: the next learner’s commit of them is stored', async () => {
    const itemId = await makeTraining();
    const mine = await launch(itemId);
    const theirs = await launch(itemId, 'student_2');
    // Names no other test sends, so the refused commit is the first to name them.
    const values = { 'cmi.objectives.61.id': 'obj-a', 'cmi.objectives.61.score.raw': '7' };
    // Another learner's attempt id, then a stale launch number from an old tab: both refused.
    expect(
      (await send(mine.attempt?.id ?? 0, [commit(1, 1, 0, values)], 'student_2')).statusCode,
    ).toBe(404);
    expect(
      (await send(theirs.attempt?.id ?? 0, [commit(9, 1, 0, values)], 'student_2')).statusCode,
    ).toBe(404);
    const good = await send(theirs.attempt?.id ?? 0, [commit(1, 1, 0, values)], 'student_2');
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json<WbtCommitResult>().results[0]?.outcome).toBe('applied');
    const stored = await t.database.query<{ name: string; value: string }>(
      `select e.name, v.value from wbt_values v join wbt_elements e on e.id = v.element_id
       where v.attempt_id = $1 order by e.name`,
      [theirs.attempt?.id ?? 0],
    );
    expect(stored).toEqual([
      { name: 'cmi.objectives.61.id', value: 'obj-a' },
      { name: 'cmi.objectives.61.score.raw', value: '7' },
    ]);
  });

  it('keeps to the attempts allowed', async () => {
    const itemId = await makeTraining({ maxAttempts: 1, gradeFrom: 'completion' });
    const l = await launch(itemId);
    for (const sco of [0, 1, 2])
      await send(l.attempt?.id ?? 0, [
        commit(1, sco + 1, sco, { 'cmi.core.lesson_status': 'passed' }),
      ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${LMS}/wbt/${itemId}/launch`,
      headers: h.student,
      payload: { newAttempt: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('NO_ATTEMPT_LEFT');
    const [grade] = await t.database.query<{ points: string }>(
      `select points from grades where item_id = $1 and student_id = $2`,
      [itemId, f.user.student],
    );
    expect(Number(grade?.points)).toBe(10);
  });

  it('browses without tracking when the learner may not hand in (a closed unit)', async () => {
    const itemId = await makeTraining();
    await t.database.query(`update learning_units set status = 'closed' where id = $1`, [f.unitId]);
    try {
      const l = await launch(itemId);
      expect(l.mode).toBe('browse');
      expect(l.reason?.code).toBe('UNIT_CLOSED');
      expect(l.attempt).toBeNull();
      const [n] = await t.database.query<{ n: number }>(
        `select count(*)::int as n from wbt_attempts where item_id = $1`,
        [itemId],
      );
      expect(n?.n).toBe(0);
    } finally {
      await t.database.query(`update learning_units set status = 'published' where id = $1`, [
        f.unitId,
      ]);
    }
  });
});

type Spec = {
  launch: number;
  seq: number;
  sco: number;
  values: Record<string, string>;
  terminate: boolean;
};

/**
 * Commits over 2 launches × 3 SCOs as a runtime makes them: seq rising within each launch,
 * statuses only moving forward (a learner's status does not go back), other values anything,
 * some ending their SCO's session (a part opened again starts a new one).
 */
const sequenceArb = fc
  .array(
    fc.record({
      sco: fc.integer({ min: 0, max: 2 }),
      location: fc.option(fc.constantFrom('p1', 'p2', 'p3', 'p4'), { nil: undefined }),
      suspend: fc.option(fc.string({ maxLength: 6 }), { nil: undefined }),
      score: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
      step: fc.integer({ min: 0, max: 2 }),
      time: fc.option(fc.integer({ min: 0, max: 3599 }), { nil: undefined }),
      launchTwo: fc.boolean(),
      terminate: fc.constantFrom(false, false, true),
    }),
    { minLength: 4, maxLength: 24 },
  )
  .map((raw) => {
    const statuses = ['incomplete', 'completed', 'passed'];
    const rank = [0, 0, 0];
    const seq = [0, 0];
    // Launch 1's commits come before launch 2's in the ordered delivery.
    const ordered = [...raw].sort((a, b) => Number(a.launchTwo) - Number(b.launchTwo));
    return ordered.map((r): Spec => {
      const launch = r.launchTwo ? 2 : 1;
      seq[launch - 1] = (seq[launch - 1] ?? 0) + 1;
      rank[r.sco] = Math.min(2, Math.max(rank[r.sco] ?? 0, r.step));
      const values: Record<string, string> = {
        'cmi.core.lesson_status': statuses[rank[r.sco] ?? 0] ?? 'incomplete',
      };
      if (r.location !== undefined) values['cmi.core.lesson_location'] = r.location;
      if (r.suspend !== undefined) values['cmi.suspend_data'] = r.suspend;
      if (r.score !== undefined) values['cmi.core.score.raw'] = String(r.score);
      if (r.time !== undefined)
        values['cmi.core.session_time'] =
          `00:${String(Math.floor(r.time / 60)).padStart(2, '0')}:${String(r.time % 60).padStart(2, '0')}`;
      return { launch, seq: seq[launch - 1] ?? 1, sco: r.sco, values, terminate: r.terminate };
    });
  });

/** A delivery: the commits shuffled, some sent twice, in batches of 1–4. */
const deliveryArb = (n: number) =>
  fc.record({
    order: fc.shuffledSubarray(
      Array.from({ length: n }, (_, i) => i),
      { minLength: n, maxLength: n },
    ),
    repeats: fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 6 }),
    batch: fc.integer({ min: 1, max: 4 }),
  });

async function stateOf(attemptId: number) {
  const values = await t.database.query<{ sco: number; name: string; value: string }>(
    `select v.sco, e.name, v.value from wbt_values v join wbt_elements e on e.id = v.element_id
     where v.attempt_id = $1 order by v.sco, e.name`,
    [attemptId],
  );
  const scos = await t.database.query<Record<string, unknown>>(
    `select sco, completion, success, score_scaled::float8 as score from wbt_sco_states
     where attempt_id = $1 order by sco`,
    [attemptId],
  );
  const [attempt] = await t.database.query<Record<string, unknown>>(
    `select completion, success, score_scaled::float8 as score, total_seconds,
       (select count(*)::int from submissions s where s.item_id = a.item_id and s.student_id = a.student_id) as submissions,
       (select points::float8 from grades g where g.item_id = a.item_id and g.student_id = a.student_id) as points
     from wbt_attempts a where id = $1`,
    [attemptId],
  );
  return { values, scos, attempt };
}

/** Two attempts on launches 1 and 2 for a student, on a new training item; their ids. */
async function freshAttempt(itemId: number, who: string) {
  const l1 = await launch(itemId, who);
  await launch(itemId, who);
  return l1.attempt?.id ?? 0;
}

describe('parts, review and time', () => {
  it('sums the time of every part of a launch, whatever order the parts report in', async () => {
    const itemId = await makeTraining({ completeWhen: 'completed' });
    const l = await launch(itemId);
    const attemptId = l.attempt?.id ?? 0;
    // Part 2 reports after part 3; part 1 reports twice (its later session time wins).
    for (const [seq, sco, time] of [
      [1, 0, '00:01:00'],
      [3, 2, '00:03:00'],
      [2, 1, '00:02:00'],
      [4, 0, '00:01:30'],
    ] as const) {
      const res = await send(attemptId, [commit(1, seq, sco, { 'cmi.core.session_time': time })]);
      expect(res.statusCode, res.body).toBe(200);
    }
    const mine = await t.app.inject({
      url: `${LMS}/wbt/${itemId}/my-attempts`,
      headers: h.student,
    });
    expect(mine.json<{ attempts: { totalSeconds: number }[] }>().attempts[0]?.totalSeconds).toBe(
      90 + 120 + 180,
    );
  });

  it('adds up the visits of a part opened again in one launch', async () => {
    const itemId = await makeTraining({ completeWhen: 'completed' });
    const l = await launch(itemId);
    const attemptId = l.attempt?.id ?? 0;
    const time = (t: string) => ({ 'cmi.core.session_time': t });
    // Part 1 for 2 min, part 2 for 30 s, part 1 again for 1 min 10 s (each visit a new session
    // from 0, ended by LMSFinish); part 3 for 3 min and again for 20 s, whose commits arrive
    // in the wrong order.
    for (const c of [
      commit(1, 1, 0, time('00:01:00')),
      { ...commit(1, 2, 0, time('00:02:00')), terminate: true },
      { ...commit(1, 3, 1, time('00:00:30')), terminate: true },
      commit(1, 4, 0, time('00:00:45')),
      { ...commit(1, 5, 0, time('00:01:10')), terminate: true },
      commit(1, 7, 2, time('00:00:20')),
      { ...commit(1, 6, 2, time('00:03:00')), terminate: true },
    ]) {
      const res = await send(attemptId, [c]);
      expect(res.statusCode, res.body).toBe(200);
    }
    // A commit sent again (a retry) adds nothing.
    await send(attemptId, [{ ...commit(1, 5, 0, time('00:01:10')), terminate: true }]);
    const mine = await t.app.inject({
      url: `${LMS}/wbt/${itemId}/my-attempts`,
      headers: h.student,
    });
    expect(mine.json<{ attempts: { totalSeconds: number }[] }>().attempts[0]?.totalSeconds).toBe(
      120 + 30 + 70 + 180 + 20,
    );
  });

  it('resumes at the part the learner was in, or the next unfinished one, and says each part’s state', async () => {
    const itemId = await makeTraining({ completeWhen: 'completed' });
    const first = await launch(itemId);
    expect(first.startSco).toBe(0);
    expect(first.parts.map((p) => p.state)).toEqual(['not_started', 'not_started', 'not_started']);
    const attemptId = first.attempt?.id ?? 0;
    await send(attemptId, [
      commit(1, 1, 0, { 'cmi.core.lesson_status': 'passed' }),
      commit(1, 2, 1, { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.lesson_location': 'p2' }),
    ]);
    const second = await launch(itemId);
    expect(second.startSco).toBe(1);
    expect(second.parts.map((p) => p.state)).toEqual(['passed', 'in_progress', 'not_started']);
    await send(attemptId, [
      commit(2, 1, 1, { 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '20' }),
    ]);
    const third = await launch(itemId);
    // Part 2 is finished (failed): the next unfinished part opens.
    expect(third.startSco).toBe(2);
    expect(third.parts.map((p) => p.state)).toEqual(['passed', 'failed', 'not_started']);
    const mine = await t.app.inject({
      url: `${LMS}/wbt/${itemId}/my-attempts`,
      headers: h.student,
    });
    expect(mine.json<{ parts: { state: string }[] }>().parts.map((p) => p.state)).toEqual([
      'passed',
      'failed',
      'not_started',
    ]);
  });

  it('opens a finished attempt for review, which records nothing; a new attempt is asked for', async () => {
    const itemId = await makeTraining({ completeWhen: 'completed', gradeFrom: 'completion' });
    const l = await launch(itemId);
    const attemptId = l.attempt?.id ?? 0;
    const finishing = await send(
      attemptId,
      [0, 1, 2].map((sco) =>
        commit(1, sco + 1, sco, {
          'cmi.core.lesson_status': 'completed',
          'cmi.core.lesson_location': `end-${String(sco)}`,
        }),
      ),
    );
    expect(finishing.json<WbtCommitResult>().attempt.completion).toBe('completed');
    // The launch that was playing when it finished still sends its last values.
    const last = await send(attemptId, [
      commit(1, 4, 2, { 'cmi.core.session_time': '00:00:40', 'cmi.core.exit': '' }),
    ]);
    expect(last.statusCode, last.body).toBe(200);

    const review = await launch(itemId);
    expect(review).toMatchObject({
      mode: 'review',
      launchNo: 0,
      credit: 'no-credit',
      attempt: { id: attemptId, completion: 'completed' },
      reason: { code: 'WBT_ATTEMPT_FINISHED' },
    });
    expect(review.cmi['1']).toMatchObject({ 'cmi.core.lesson_location': 'end-1' });
    const [launches] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from wbt_launches where attempt_id = $1`,
      [attemptId],
    );
    expect(launches?.n).toBe(1);

    // A launch issued after the attempt finished (an old "Open again") may not write.
    await t.database.query(
      `insert into wbt_launches (attempt_id, launch_no, mode, issued_at)
       values ($1, 2, 'normal', now() + interval '1 second')`,
      [attemptId],
    );
    const over = await send(attemptId, [
      commit(2, 1, 0, { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.lesson_location': 'x' }),
    ]);
    expect(over.statusCode, over.body).toBe(403);
    expect(over.json<{ code: string }>().code).toBe('WBT_ATTEMPT_FINISHED');
    const [location] = await t.database.query<{ value: string }>(
      `select v.value from wbt_values v join wbt_elements e on e.id = v.element_id
       where v.attempt_id = $1 and v.sco = 0 and e.name = 'cmi.core.lesson_location'`,
      [attemptId],
    );
    expect(location?.value).toBe('end-0');

    // A new attempt is its own, explicit launch.
    const next = await launch(itemId, 'student', true);
    expect(next.mode).toBe('normal');
    expect(next.attempt?.attempt).toBe(2);
    expect(next.startSco).toBe(0);
  });

  it('shows each recorded answer with its question, response, correct pattern and result', async () => {
    const itemId = await makeTraining({ completeWhen: 'completed' });
    const l = await launch(itemId);
    const attemptId = l.attempt?.id ?? 0;
    const res = await send(attemptId, [
      commit(1, 1, 0, {
        'cmi.interactions.0.id': 'Q_7f3a',
        'cmi.interactions.0.type': 'choice',
        'cmi.interactions.0.description': 'Which exit is nearest?',
        'cmi.interactions.0.learner_response': 'b',
        'cmi.interactions.0.correct_responses.0.pattern': 'c',
        'cmi.interactions.0.result': 'incorrect',
        'cmi.interactions.1.id': 'Q_2',
        'cmi.interactions.1.student_response': 'true',
        'cmi.interactions.1.correct_responses.0.pattern': 'true',
        'cmi.interactions.1.result': 'correct',
        'cmi.interactions.1.latency': '00:00:05',
      }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const detail = await t.app.inject({
      url: `${LMS}/wbt-attempt/${attemptId}`,
      headers: h.faculty,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<WbtAttemptDetail>().interactions).toEqual([
      {
        sco: 0,
        index: 0,
        id: 'Q_7f3a',
        type: 'choice',
        description: 'Which exit is nearest?',
        response: 'b',
        correctPattern: 'c',
        result: 'incorrect',
      },
      {
        sco: 0,
        index: 1,
        id: 'Q_2',
        type: null,
        description: null,
        response: 'true',
        correctPattern: 'true',
        result: 'correct',
      },
    ]);
  });

  async function htmlTraining(maxPoints = 10) {
    const [pkg] = await t.database.query<{ id: number }>(
      `insert into wbt_packages (course_id, file_id, standard, title, scos, entries, unpacked_bytes, sha256)
       select course_id, file_id, 'html', 'Fire drill', $2::jsonb, 1, 100, md5(random()::text)
       from wbt_packages where id = $1 returning id`,
      [
        packageId,
        JSON.stringify([
          { index: 0, identifier: 'html', title: 'Fire drill', href: 'index.html', parameters: '' },
        ]),
      ],
    );
    const [row] = await t.database.query<{ id: number }>(
      `insert into learning_items (unit_id, course_id, kind, title, settings, is_published, published_at,
         delivery, max_points, grading, position)
       values ($1, $2, 'wbt', 'Fire drill', $3::jsonb, true, now(), 'online', $4, 'points',
         (select count(*) from learning_items where unit_id = $1))
       returning id`,
      [
        f.unitId,
        f.courseId,
        JSON.stringify({ packageId: pkg?.id, gradeFrom: 'completion' }),
        maxPoints,
      ],
    );
    return row?.id ?? 0;
  }

  const post = (url: string, payload: unknown, who = 'student') =>
    t.app.inject({ method: 'POST', url, headers: h[who], payload: payload as object });

  it('records an HTML package’s time open, never more than the launch’s age', async () => {
    const itemId = await htmlTraining();
    const l = await launch(itemId);
    const attemptId = l.attempt?.id ?? 0;
    await t.database.query(
      `update wbt_launches set issued_at = now() - interval '100 seconds' where attempt_id = $1`,
      [attemptId],
    );
    let res = await post(`${LMS}/wbt-attempt/${attemptId}/open-time`, {
      launchNo: l.launchNo,
      openSeconds: 45,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ totalSeconds: number }>().totalSeconds).toBe(45);
    // A smaller report changes nothing; a larger one than the launch's age is capped.
    res = await post(`${LMS}/wbt-attempt/${attemptId}/open-time`, {
      launchNo: l.launchNo,
      openSeconds: 30,
    });
    expect(res.json<{ totalSeconds: number }>().totalSeconds).toBe(45);
    res = await post(`${LMS}/wbt-attempt/${attemptId}/open-time`, {
      launchNo: l.launchNo,
      openSeconds: 5000,
    });
    const capped = res.json<{ totalSeconds: number }>().totalSeconds;
    expect(capped).toBeGreaterThanOrEqual(100);
    expect(capped).toBeLessThan(200);
    // Another learner's attempt is not found; a SCORM package reports its own time.
    res = await post(
      `${LMS}/wbt-attempt/${attemptId}/open-time`,
      { launchNo: l.launchNo, openSeconds: 10 },
      'student_2',
    );
    expect(res.statusCode).toBe(404);
    const scorm = await launch(await makeTraining());
    res = await post(`${LMS}/wbt-attempt/${scorm.attempt?.id ?? 0}/open-time`, {
      launchNo: scorm.launchNo,
      openSeconds: 10,
    });
    expect(res.statusCode).toBe(400);
  });

  it('gives an HTML package marked done at once no points: the teacher grades it', async () => {
    const itemId = await htmlTraining();
    const l = await launch(itemId);
    const attemptId = l.attempt?.id ?? 0;
    const res = await post(`${LMS}/wbt-attempt/${attemptId}/done`, {
      launchNo: l.launchNo,
      sco: 0,
      openSeconds: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    const attempt = res.json<WbtCommitResult>().attempt;
    expect(attempt.completion).toBe('completed');
    expect(attempt.submissionId).not.toBeNull();
    const grades = await t.database.query(
      `select 1 from grades where item_id = $1 and student_id = $2`,
      [itemId, f.user.student],
    );
    expect(grades).toHaveLength(0);
    const [sub] = await t.database.query<{ status: string }>(
      `select status from submissions where id = $1`,
      [attempt.submissionId],
    );
    expect(sub?.status).toBe('submitted');
  });

  it(`gives an HTML package open ${String(WBT_HTML_MIN_OPEN_SECONDS)} s or more full points when marked done`, async () => {
    const itemId = await htmlTraining();
    const l = await launch(itemId);
    const attemptId = l.attempt?.id ?? 0;
    await t.database.query(
      `update wbt_launches set issued_at = now() - interval '5 minutes' where attempt_id = $1`,
      [attemptId],
    );
    const res = await post(`${LMS}/wbt-attempt/${attemptId}/done`, {
      launchNo: l.launchNo,
      sco: 0,
      openSeconds: WBT_HTML_MIN_OPEN_SECONDS + 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WbtCommitResult>().attempt.totalSeconds).toBe(WBT_HTML_MIN_OPEN_SECONDS + 5);
    const [grade] = await t.database.query<{ points: string }>(
      `select points from grades where item_id = $1 and student_id = $2`,
      [itemId, f.user.student],
    );
    expect(Number(grade?.points)).toBe(10);
  });
});

describe('commit ordering (property)', () => {
  it('random reorderings and repeats of a commit sequence end as the ordered delivery', async () => {
    await fc.assert(
      fc.asyncProperty(
        sequenceArb.chain((specs) => fc.tuple(fc.constant(specs), deliveryArb(specs.length))),
        async ([specs, delivery]) => {
          const itemId = await makeTraining({ completeWhen: 'completed_or_passed' });
          const ordered = await freshAttempt(itemId, 'student');
          const shuffled = await freshAttempt(itemId, 'student_2');
          const toCommit = (s: Spec) => ({
            ...commit(s.launch, s.seq, s.sco, s.values),
            terminate: s.terminate,
          });
          for (let i = 0; i < specs.length; i += 3) {
            const res = await send(ordered, specs.slice(i, i + 3).map(toCommit));
            expect(res.statusCode, res.body).toBe(200);
          }
          const sequence = [...delivery.order, ...delivery.repeats];
          for (let i = 0; i < sequence.length; i += delivery.batch) {
            const batch = sequence
              .slice(i, i + delivery.batch)
              .map((k) => specs[k])
              .filter((s): s is Spec => s !== undefined)
              .map(toCommit);
            const res = await send(shuffled, batch, 'student_2');
            expect(res.statusCode, res.body).toBe(200);
          }
          const a = await stateOf(ordered);
          const b = await stateOf(shuffled);
          expect(b.values).toEqual(a.values);
          expect(b.scos).toEqual(a.scos);
          expect(b.attempt).toEqual(a.attempt);
          expect(Number(a.attempt?.submissions)).toBeLessThanOrEqual(1);
          const events = await t.database.query<{ n: number }>(
            `select count(*)::int as n from grade_events where item_id = $1 group by student_id`,
            [itemId],
          );
          for (const e of events) expect(e.n).toBeGreaterThanOrEqual(1);
        },
      ),
      { numRuns: 12 },
    );
    // Twelve runs of two attempts each: a few seconds alone, past 30 s on a machine shared with
    // another suite, so the limit is generous (it guards hangs, not speed).
  }, 120_000);
});

describe('public trainings', () => {
  it('play without sign-in when public, store nothing against anyone, and are rate-limited', async () => {
    const open = await makeTraining({ isPublic: true });
    const closed = await makeTraining({ isPublic: false });
    const remoteAddress = '203.0.113.7';
    const read = await t.app.inject({ url: `/public-api/1.0/wbt/${open}`, remoteAddress });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ title: string }>().title).toBe('Safety training');
    expect(
      (await t.app.inject({ url: `/public-api/1.0/wbt/${closed}`, remoteAddress })).statusCode,
    ).toBe(404);
    const launched = await t.app.inject({
      method: 'POST',
      url: `/public-api/1.0/wbt/${open}/launch`,
      remoteAddress,
    });
    expect(launched.statusCode, launched.body).toBe(200);
    const body = launched.json<WbtLaunch>();
    expect(body).toMatchObject({ mode: 'browse', attempt: null, learner: { id: 'guest' } });
    const [n] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from wbt_attempts where item_id = $1`,
      [open],
    );
    expect(n?.n).toBe(0);
    // 30 launches an hour per address: the first one above, 29 more, then refused.
    for (let i = 0; i < 29; i += 1)
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/public-api/1.0/wbt/${open}/launch`,
            remoteAddress,
          })
        ).statusCode,
      ).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/public-api/1.0/wbt/${open}/launch`,
      remoteAddress,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toBe(
      'Too many requests from your address: try again in an hour.',
    );
    // Another address is not held back.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/public-api/1.0/wbt/${open}/launch`,
          remoteAddress: '203.0.113.8',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('WBT_ALL and the report', () => {
  it('lists every training and reports attempts, completion and score per class', async () => {
    const itemId = await makeTraining({ completeWhen: 'completed' });
    const l = await launch(itemId, 'student');
    for (const sco of [0, 1, 2])
      await send(l.attempt?.id ?? 0, [
        commit(1, sco + 1, sco, { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '90' }),
      ]);
    await launch(itemId, 'student_2');

    const list = await t.app.inject({
      url: `${LMS}/wbts?courseId=${f.courseId}`,
      headers: h.lead_faculty,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<WbtList>().rows.some((r) => r.itemId === itemId)).toBe(true);
    expect((await t.app.inject({ url: `${LMS}/wbts`, headers: h.student })).statusCode).toBe(403);

    const res = await t.app.inject({ url: `${LMS}/wbt/${itemId}/report`, headers: h.lead_faculty });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<WbtReport>();
    const k1 = report.classes.find((c) => c.classId === f.k1);
    const k2 = report.classes.find((c) => c.classId === f.k2);
    expect(k1).toMatchObject({
      learners: f.students.k1.length,
      started: 1,
      completed: 1,
      passed: 1,
      meanBestScore: 0.9,
    });
    expect(k2).toMatchObject({
      learners: f.students.k2.length,
      started: 1,
      completed: 0,
      passed: 0,
    });

    const learners = await t.app.inject({
      url: `${LMS}/wbt/${itemId}/report/learners?classId=${f.k1}`,
      headers: h.lead_faculty,
    });
    expect(learners.statusCode, learners.body).toBe(200);
    const rows = learners.json<WbtReportLearners>().rows;
    expect(rows).toHaveLength(f.students.k1.length);
    expect(rows.find((r) => r.studentId === f.user.student)).toMatchObject({
      attempts: 1,
      completion: 'completed',
      success: 'passed',
      bestScore: 0.9,
    });

    // The learners as CSV: every learner of the class, the same figures, the class named.
    const csv = await t.app.inject({
      url: `${LMS}/wbt/${itemId}/report/export?classId=${f.k1}`,
      headers: h.lead_faculty,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="training-${itemId}-report.csv"`,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Learner","Learner ID","Class","Attempts","Completion","Result","Best score (%)","Time spent (s)","Last activity"',
    );
    expect(lines).toHaveLength(1 + f.students.k1.length);
    const mine = lines.find((l) => l.includes(`"${f.user.student}"`));
    expect(mine).toContain(`"${k1?.className ?? ''}","1","completed","passed","90"`);
    const all = await t.app.inject({
      url: `${LMS}/wbt/${itemId}/report/export`,
      headers: h.lead_faculty,
    });
    expect(all.body.trim().split('\r\n')).toHaveLength(
      1 + report.classes.reduce((n, c) => n + c.learners, 0),
    );
    expect(
      (await t.app.inject({ url: `${LMS}/wbt/${itemId}/report/export`, headers: h.student }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `${LMS}/wbt/2147483646/report/export`, headers: h.lead_faculty }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the sweep of old commit receipts', () => {
  it('removes receipts older than 90 days and keeps newer ones and every value', async () => {
    const itemId = await makeTraining({ completeWhen: 'completed' });
    const l = await launch(itemId, 'student_2');
    const attemptId = l.attempt?.id ?? 0;
    for (const seq of [1, 2, 3])
      await send(
        attemptId,
        [commit(1, seq, 0, { 'cmi.core.lesson_location': `page-${String(seq)}` })],
        'student_2',
      );
    await t.database.query(
      `update wbt_commits set received_at = now() - make_interval(days => $2)
       where attempt_id = $1 and seq < 3`,
      [attemptId, COMMIT_KEEP_DAYS + 1],
    );
    await t.database.query(
      `update wbt_commits set received_at = now() - make_interval(days => $2)
       where attempt_id = $1 and seq = 3`,
      [attemptId, COMMIT_KEEP_DAYS - 1],
    );
    // A batch of 1 shows the loop goes on until nothing old is left.
    expect(await sweepOldCommits(t.database.db, 1)).toBeGreaterThanOrEqual(2);
    const left = await t.database.query<{ seq: number }>(
      `select seq from wbt_commits where attempt_id = $1 order by seq`,
      [attemptId],
    );
    expect(left.map((r) => r.seq)).toEqual([3]);
    const [value] = await t.database.query<{ value: string }>(
      `select v.value from wbt_values v join wbt_elements e on e.id = v.element_id
       where v.attempt_id = $1 and e.name = 'cmi.core.lesson_location'`,
      [attemptId],
    );
    expect(value?.value).toBe('page-3');
    expect(await sweepOldCommits(t.database.db)).toBe(0);
  });
});
