import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../../test/teaching-fixture';
import {
  applyAutoGrade,
  applyGradeEvent,
  findGrade,
  GradeChanged,
  type GradeEvent,
} from './grade-events';
import { eventsUntil, foldEvents } from './ledger.service';

let t: TestApp;
let f: TeachingFixture;

beforeAll(async () => {
  t = await buildTestApp();
  f = await makeTeachingFixture(t, '952');
});
afterAll(async () => t.close());

type Op =
  | {
      kind: 'save';
      outcome: 'graded' | 'returned';
      points: number;
      comment: string | null;
      stale: boolean;
    }
  | { kind: 'publish'; stale: boolean }
  | { kind: 'unpublish'; stale: boolean }
  | { kind: 'override' | 'change'; points: number; comment: string | null; stale: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('save' as const),
    outcome: fc.constantFrom('graded' as const, 'returned' as const),
    points: fc.integer({ min: 0, max: 1000 }).map((n) => n / 100),
    comment: fc.option(fc.constantFrom('Good.', 'Add an example.', 'See me.'), { nil: null }),
    stale: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  }),
  fc.record({ kind: fc.constant('publish' as const), stale: fc.constant(false) }),
  fc.record({
    kind: fc.constantFrom('override' as const, 'change' as const),
    points: fc.integer({ min: 0, max: 1000 }).map((n) => n / 100),
    comment: fc.option(fc.constantFrom('Regraded.', 'Changed.'), { nil: null }),
    stale: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  }),
  fc.record({
    kind: fc.constant('unpublish' as const),
    stale: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  }),
);

type Replayed = {
  points: number | null;
  outcome: string;
  published: boolean;
  comment: string | null;
  version: number;
};

/** The grade as its events tell it: folded in order, as issue 17's as-of reads will. */
async function replay(itemId: number, studentId: number): Promise<Replayed | null> {
  const events = await t.database.query<{
    action: string;
    new_points: string | null;
    new_outcome: string;
    new_published: boolean;
    comment: string | null;
    grade_version: number;
  }>(
    `select action, new_points, new_outcome, new_published, comment, grade_version
       from grade_events where item_id = $1 and student_id = $2 order by id`,
    [itemId, studentId],
  );
  let state = null as Replayed | null;
  for (const e of events)
    state = {
      points: e.new_points === null ? null : Number(e.new_points),
      outcome: e.new_outcome,
      published: e.new_published,
      comment:
        e.action === 'publish' || e.action === 'unpublish' ? (state?.comment ?? null) : e.comment,
      version: e.grade_version,
    };
  return state;
}

describe('grade events', () => {
  it('replayed from grade_events give the current grade and the course totals; as of every step, what was shown then', async () => {
    const studentId = f.user.student ?? 0;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        run += 1;
        const [item] = await t.database.query<{ id: number }>(
          `insert into learning_items (unit_id, course_id, kind, title, position, is_published,
             delivery, max_points, grading)
           values ($1, $2, 'text_task', $3, 10, true, 'online', 10, 'points') returning id`,
          [f.unitId, f.courseId, `Property ${String(run)}`],
        );
        const itemId = item?.id ?? 0;
        // The request an unpublish or a change names (the ledger's foreign key wants a real one).
        const [request] = await t.database.query<{ id: number }>(
          `insert into grade_requests (kind, item_id, course_id, student_id, grade_version,
             max_points, reason, requested_by)
           values ('undo_publish', $1, $2, $3, 1, 10, 'Property test', $4) returning id`,
          [itemId, f.courseId, studentId, f.user.faculty ?? 0],
        );
        const requestId = request?.id ?? 0;
        // What the grade was after each step, and the database's clock just after it committed.
        const shown: { at: string; grade: Awaited<ReturnType<typeof findGrade>> }[] = [];
        for (const o of ops) {
          const current = await findGrade(t.database.db, itemId, studentId);
          const valid =
            o.kind === 'save'
              ? !current?.isPublished
              : o.kind === 'publish'
                ? current !== null && !current.isPublished
                : current?.isPublished === true;
          if (!valid) continue;
          const event: GradeEvent = {
            action: o.kind,
            itemId,
            studentId,
            courseId: f.courseId,
            expectedVersion: (current?.version ?? 0) + (o.stale ? 1 : 0),
            ...(o.kind === 'publish' || o.kind === 'unpublish'
              ? {}
              : {
                  values: {
                    submissionId: null,
                    outcome: o.kind === 'save' ? o.outcome : 'graded',
                    points: o.points,
                    comment: o.comment,
                    rubricScores: null,
                  },
                }),
            maxPoints: 10,
            weight: null,
            itemVersion: 1,
            gradingSchemaId: null,
            gradingSchemaVersion: null,
            actorId: f.user.faculty ?? 0,
            impersonatorId: null,
            reason: o.kind === 'save' || o.kind === 'publish' ? null : 'Property test',
            requestId: o.kind === 'unpublish' || o.kind === 'change' ? requestId : null,
          };
          const attempt = t.database.db.transaction((tx) => applyGradeEvent(tx, event));
          if (o.stale) await expect(attempt).rejects.toBeInstanceOf(GradeChanged);
          else await attempt;
          const [clock] = await t.database.query<{ at: string }>(
            `select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`,
          );
          shown.push({
            at: clock?.at ?? '',
            grade: await findGrade(t.database.db, itemId, studentId),
          });
        }
        // As of each step, the ledger rebuilds exactly what was shown then.
        for (const step of shown) {
          const folded = foldEvents(
            await eventsUntil(t.database.db, studentId, step.at, [f.courseId]),
          );
          const asOf = folded.get(`task:${String(f.courseId)}:${String(itemId)}`) ?? null;
          expect(
            asOf === null
              ? null
              : {
                  points: asOf.points,
                  outcome: asOf.outcome,
                  published: asOf.published,
                  comment: asOf.comment,
                  version: asOf.version,
                },
          ).toEqual(
            step.grade === null
              ? null
              : {
                  points: step.grade.points,
                  outcome: step.grade.outcome,
                  published: step.grade.isPublished,
                  comment: step.grade.comment,
                  version: step.grade.version,
                },
          );
        }
        const grade = await findGrade(t.database.db, itemId, studentId);
        const replayed = await replay(itemId, studentId);
        expect(replayed).toEqual(
          grade === null
            ? null
            : {
                points: grade.points,
                outcome: grade.outcome,
                published: grade.isPublished,
                comment: grade.comment,
                version: grade.version,
              },
        );
        // The course totals equal a recount of the published grades.
        const [totals] = await t.database.query<{
          kept: string;
          recount: string;
          graded: number;
          n: number;
        }>(
          `select
             (select coalesce(sum(points_published), 0) from course_progress
                where student_id = $1 and course_id = $2) as kept,
             (select coalesce(sum(tasks_graded), 0)::int from course_progress
                where student_id = $1 and course_id = $2) as graded,
             (select coalesce(sum(points), 0) from grades where student_id = $1 and course_id = $2
                and is_published and outcome = 'graded') as recount,
             (select count(*)::int from grades where student_id = $1 and course_id = $2
                and is_published and outcome = 'graded') as n`,
          [studentId, f.courseId],
        );
        expect(Number(totals?.kept)).toBeCloseTo(Number(totals?.recount), 2);
        expect(totals?.graded).toBe(totals?.n);
      }),
      { numRuns: 30 },
    );
  });

  it('lose no update when ten graders save overlapping cells at once: every conflict is refused', async () => {
    const students = f.students.k1.slice(0, 3);
    const [item] = await t.database.query<{ id: number }>(
      `insert into learning_items (unit_id, course_id, kind, title, position, is_published,
         delivery, max_points, grading)
       values ($1, $2, 'text_task', 'Ten graders', 12, true, 'online', 10, 'points') returning id`,
      [f.unitId, f.courseId],
    );
    const itemId = item?.id ?? 0;
    // Ten graders, each saving every cell from the version they saw (0): on PostgreSQL they race
    // on the pool; on PGlite they queue. Either way one save per cell wins and the rest are told.
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, grader) =>
        Promise.all(
          students.map((studentId) =>
            t.database.db
              .transaction((tx) =>
                applyGradeEvent(tx, {
                  action: 'save',
                  itemId,
                  studentId,
                  courseId: f.courseId,
                  expectedVersion: 0,
                  values: {
                    submissionId: null,
                    outcome: 'graded',
                    points: grader,
                    comment: null,
                    rubricScores: null,
                  },
                  maxPoints: 10,
                  weight: null,
                  itemVersion: 1,
                  gradingSchemaId: null,
                  gradingSchemaVersion: null,
                  actorId: f.user.faculty ?? 0,
                  impersonatorId: null,
                }),
              )
              .then(
                ({ after }) => ({ studentId, saved: after.points }),
                (error: unknown) => {
                  if (!(error instanceof GradeChanged)) throw error;
                  return { studentId, saved: null };
                },
              ),
          ),
        ),
      ),
    );
    for (const studentId of students) {
      const wins = outcomes.flat().filter((o) => o.studentId === studentId && o.saved !== null);
      expect(wins).toHaveLength(1);
      const grade = await findGrade(t.database.db, itemId, studentId);
      // What the one winner saved is what stands, and the ledger has exactly its event.
      expect(grade).toMatchObject({ points: wins[0]?.saved, version: 1 });
      const [events] = await t.database.query<{ n: number }>(
        `select count(*)::int as n from grade_events where item_id = $1 and student_id = $2`,
        [itemId, studentId],
      );
      expect(events?.n).toBe(1);
    }
  });

  it('are append-only: the trigger refuses update, delete and truncate', async () => {
    await t.database.db.transaction(async (tx) =>
      applyGradeEvent(tx, {
        action: 'save',
        itemId: f.textTask,
        studentId: f.user.student ?? 0,
        courseId: f.courseId,
        expectedVersion: 0,
        values: {
          submissionId: null,
          outcome: 'graded',
          points: 4,
          comment: null,
          rubricScores: null,
        },
        maxPoints: 10,
        weight: null,
        itemVersion: 1,
        gradingSchemaId: null,
        gradingSchemaVersion: null,
        actorId: f.user.faculty ?? 0,
        impersonatorId: null,
      }),
    );
    await expect(t.database.query(`update grade_events set new_points = 1`)).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.query(`delete from grade_events`)).rejects.toThrow(/append-only/);
    await expect(t.database.query(`truncate grade_events`)).rejects.toThrow(/append-only/);
  });

  it("machine grades are published at once, never replace a person's, and a resend writes nothing", async () => {
    const studentId = f.user.student ?? 0;
    const [item] = await t.database.query<{ id: number }>(
      `insert into learning_items (unit_id, course_id, kind, title, position, is_published,
         delivery, max_points, grading)
       values ($1, $2, 'text_task', 'Auto graded', 11, true, 'online', 10, 'points') returning id`,
      [f.unitId, f.courseId],
    );
    const itemId = item?.id ?? 0;
    const [sub] = await t.database.query<{ id: string }>(
      `insert into submissions (item_id, student_id, course_id, status, item_version, submitted_at)
       values ($1, $2, $3, 'submitted', 1, now()) returning id`,
      [itemId, studentId, f.courseId],
    );
    const auto = (points: number) =>
      t.database.db.transaction((tx) =>
        applyAutoGrade(tx, {
          itemId,
          studentId,
          courseId: f.courseId,
          submissionId: Number(sub?.id),
          points,
          maxPoints: 10,
          weight: null,
          itemVersion: 1,
          gradingSchemaId: null,
          gradingSchemaVersion: null,
        }),
      );
    const events = async () =>
      (
        await t.database.query<{ n: number }>(
          `select count(*)::int as n from grade_events where item_id = $1 and action = 'auto'`,
          [itemId],
        )
      )[0]?.n;

    expect(await auto(7)).toBe('applied');
    const first = await findGrade(t.database.db, itemId, studentId);
    expect(first).toMatchObject({ points: 7, isPublished: true, gradedBy: null });
    expect(await auto(7)).toBe('unchanged');
    expect(await events()).toBe(1);
    expect(await auto(8)).toBe('applied');
    expect(await events()).toBe(2);

    await t.database.db.transaction((tx) =>
      applyGradeEvent(tx, {
        action: 'override',
        itemId,
        studentId,
        courseId: f.courseId,
        expectedVersion: 2,
        values: {
          submissionId: Number(sub?.id),
          outcome: 'graded',
          points: 9,
          comment: 'Checked by hand.',
          rubricScores: null,
        },
        maxPoints: 10,
        weight: null,
        itemVersion: 1,
        gradingSchemaId: null,
        gradingSchemaVersion: null,
        actorId: f.user.faculty ?? 0,
        impersonatorId: null,
        reason: 'Regraded',
      }),
    );
    expect(await auto(5)).toBe('skipped');
    expect(await findGrade(t.database.db, itemId, studentId)).toMatchObject({ points: 9 });
  });
});
