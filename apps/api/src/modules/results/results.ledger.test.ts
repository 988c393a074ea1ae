import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../test/teaching-fixture';
import { applyGradeEvent } from '../learning/teaching/public';
import { eventsUntil, foldEvents } from '../learning/teaching/public';

// Course results in the grade ledger (decision 0021): the finish page's saves, the finish that
// makes them final (the grade book's copied in) and a reopening, each an event with the
// projection; replaying a student's events gives `course_results` back.

let t: TestApp;
let f: TeachingFixture;
let admin: Record<string, string>;
let entered = 0;
let enrolment = 0;

const demo = () => f.user.student ?? 0;
const results = () => `/api/en/programme/professional-certificate/${String(f.programmeId)}/results`;

beforeAll(async () => {
  t = await buildTestApp();
  f = await makeTeachingFixture(t, '954');
  admin = await t.as('admin');
  // A second course without graded items: its result is entered on the finish page.
  const [course] = await t.database.query<{ id: number }>(
    `insert into programme_courses (programme_id, code, title, units, position)
     values ($1, 'TT2', 'Field work', 2, 2) returning id`,
    [f.programmeId],
  );
  entered = course?.id ?? 0;
  const [e] = await t.database.query<{ id: number }>(
    `select id from enrolments where programme_id = $1 and user_id = $2`,
    [f.programmeId, demo()],
  );
  enrolment = e?.id ?? 0;
});
afterAll(async () => t.close());

async function save(score: number | null) {
  const res = await t.app.inject({
    method: 'PUT',
    url: results(),
    headers: admin,
    payload: { entries: [{ enrolmentId: enrolment, courseId: entered, score }] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function resultEvents() {
  return t.database.query<{
    course_id: number;
    action: string;
    old_points: string | null;
    new_points: string | null;
    old_published: boolean | null;
    new_published: boolean;
    grade_version: number;
    actor_id: number | null;
    max_points: string;
  }>(
    `select course_id, action, old_points, new_points, old_published, new_published, grade_version,
       actor_id, max_points
     from grade_events where subject = 'course_result' and enrolment_id = $1 order by id`,
    [enrolment],
  );
}

/** The student's course results as their events tell them, against the projection. */
async function expectReplayEqualsProjection() {
  const [clock] = await t.database.query<{ at: string }>(
    `select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`,
  );
  const folded = [...foldEvents(await eventsUntil(t.database.db, demo(), clock?.at ?? '', null))]
    .map(([, g]) => g)
    .filter((g) => g.subject === 'course_result' && g.points !== null)
    .map((g) => ({ courseId: g.courseId, score: g.points, final: g.published, version: g.version }))
    .sort((a, b) => a.courseId - b.courseId);
  const projection = await t.database.query<{
    course_id: number;
    score: string;
    is_final: boolean;
    version: number;
  }>(
    // Every programme of the student: the seeded finished ones are in the ledger too.
    `select r.course_id, r.score, r.is_final, r.version from course_results r
     join enrolments e on e.id = r.enrolment_id where e.user_id = $1 order by r.course_id`,
    [demo()],
  );
  expect(folded).toEqual(
    projection.map((r) => ({
      courseId: r.course_id,
      score: Number(r.score),
      final: r.is_final,
      version: r.version,
    })),
  );
}

describe('course results in the grade ledger', () => {
  it('writes one save event per change, old → new, going on from the last version after a clear', async () => {
    await save(70);
    await save(70); // unchanged: no event
    await save(75);
    await save(null);
    await save(80);
    const events = await resultEvents();
    expect(
      events.map((e) => [
        e.action,
        e.old_points && Number(e.old_points),
        e.new_points && Number(e.new_points),
        e.grade_version,
      ]),
    ).toEqual([
      ['save', null, 70, 1],
      ['save', 70, 75, 2],
      ['save', 75, null, 3],
      ['save', null, 80, 4],
    ]);
    expect(
      events.every((e) => e.actor_id === f.user.admin && Number(e.max_points) === f.scaleMax),
    ).toBe(true);
    await expectReplayEqualsProjection();
  });

  it('makes every result final at the finish, the grade book’s copied in, and editable again on reopening', async () => {
    // The demo learner's graded task: 7 of 10, published.
    await t.database.db.transaction((tx) =>
      applyGradeEvent(tx, {
        action: 'save',
        itemId: f.textTask,
        studentId: demo(),
        courseId: f.courseId,
        expectedVersion: 0,
        values: {
          submissionId: null,
          outcome: 'graded',
          points: 7,
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
    await t.database.db.transaction((tx) =>
      applyGradeEvent(tx, {
        action: 'publish',
        itemId: f.textTask,
        studentId: demo(),
        courseId: f.courseId,
        expectedVersion: 1,
        maxPoints: 10,
        weight: null,
        itemVersion: 1,
        gradingSchemaId: null,
        gradingSchemaVersion: null,
        actorId: f.user.faculty ?? 0,
        impersonatorId: null,
      }),
    );
    await t.database.query(
      `update enrolments set state = 'completed' where programme_id = $1 and state = 'active'`,
      [f.programmeId],
    );
    const [p] = await t.database.query<{ version: number }>(
      `select version from programmes where id = $1`,
      [f.programmeId],
    );
    const finish = await t.app.inject({
      method: 'POST',
      url: `/api/en/programme/professional-certificate/${String(f.programmeId)}/actions/finish-programme`,
      headers: admin,
      payload: { version: p?.version },
    });
    expect(finish.statusCode, finish.body).toBe(200);

    const final = await t.database.query<{
      course_id: number;
      score: string;
      is_final: boolean;
      source: string;
    }>(
      `select course_id, score, is_final, source from course_results where enrolment_id = $1
       order by course_id`,
      [enrolment],
    );
    // Missing grades count 0: 7 of the course’s 30 points.
    const computed = Math.round((7 / 30) * f.scaleMax * 100) / 100;
    expect(final.map((r) => [r.course_id, Number(r.score), r.is_final, r.source])).toEqual(
      [
        [f.courseId, computed, true, 'computed'],
        [entered, 80, true, 'entered'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const finalised = (await resultEvents()).filter((e) => e.action === 'finalise');
    expect(finalised.map((e) => [e.course_id, e.old_published, e.new_published]).sort()).toEqual(
      [
        [f.courseId, null, true],
        [entered, false, true],
      ].sort(),
    );
    await expectReplayEqualsProjection();

    // The finish page shows the final results with the versions a grade-change request names,
    // the computed one as it was made final (not the grade book's of today).
    const page = await t.app.inject({
      url: `/api/en/programme/professional-certificate/${String(f.programmeId)}/results`,
      headers: admin,
    });
    expect(page.statusCode, page.body).toBe(200);
    const row = page
      .json<{
        students: {
          enrolmentId: number;
          scores: Record<string, number>;
          finalVersions?: Record<string, number>;
        }[];
      }>()
      .students.find((s) => s.enrolmentId === enrolment);
    // The entered result went through the earlier test's saves before it was made final.
    expect(row?.finalVersions).toEqual({ [String(f.courseId)]: 1, [String(entered)]: 5 });
    expect(row?.scores[String(f.courseId)]).toBe(computed);

    const [q] = await t.database.query<{ version: number }>(
      `select version from programmes where id = $1`,
      [f.programmeId],
    );
    const reopen = await t.app.inject({
      method: 'POST',
      url: `/api/en/programme/professional-certificate/${String(f.programmeId)}/actions/reopen`,
      headers: admin,
      payload: { version: q?.version },
    });
    expect(reopen.statusCode, reopen.body).toBe(200);
    const reopened = (await resultEvents()).filter((e) => e.action === 'reopen');
    expect(reopened).toHaveLength(2);
    expect(reopened.every((e) => e.old_published === true && !e.new_published)).toBe(true);
    await expectReplayEqualsProjection();
  });
});
