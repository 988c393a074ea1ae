import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import {
  type MarksInput,
  type ResultsRow,
  type SessionResults,
  type StaffAttempt,
  type AttemptReview,
} from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, invalidFields, notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { gradingScope, learnerReach } from '../../../lib/learning-scope';
import { rows } from '../../../lib/sql';
import { applyGradeEvent, findGrade } from '../teaching/public';
import { assertMayGrade } from '../teaching/public';
import * as teachingRepo from '../teaching/teaching.repository';
import { scoreResponse } from './scoring';
import { learnerView } from './responses';
import {
  findAttempt,
  layoutQuestions,
  questionOf,
  responseValue,
  responsesOf,
  type AttemptRow,
  type LearnerSession,
} from './attempt-store';
import { finishInTx, finishOverdue, summaryOf, windowClosed } from './attempts.service';
import { gradeContext, marked, methodGrade, regrade } from './quiz-grade';
import { reviewShown } from './review-rule';
import { quizInReach, toSessions, type SessionRow } from './sessions.service';

// Quiz grading by staff (decision 0020 §3.5): essays are marked by a person on the grade page,
// which saves a draft grade; closed sessions are released; results and reviews are read. The
// learner's grade itself is computed in `quiz-grade`.

const num = (v: string | number | null) => (v === null ? null : Number(v));
const round2 = (x: number) => Math.round(x * 100) / 100;
const iso = (d: Date | string | null) =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * The `quiz-release` step: sessions whose marks wait for the close (or are never reviewed) and
 * whose close has passed get their machine grades now, and `released_at` stamped.
 */
export async function releaseClosed(db: Db): Promise<number> {
  const due = await rows<{ id: number; item_id: number }>(
    db,
    sql`select id, item_id from quiz_sessions
        where released_at is null and closes_at is not null and closes_at <= now()
          and review->>'marks' <> 'immediately' limit 100`,
  );
  for (const s of due)
    await db.transaction(async (tx) => {
      const [stamped] = await rows<{ id: number }>(
        tx,
        sql`update quiz_sessions set released_at = now() where id = ${s.id} and released_at is null returning id`,
      );
      if (!stamped) return;
      const learners = await rows<{ student_id: number }>(
        tx,
        sql`select distinct student_id from quiz_attempts where session_id = ${s.id} and status = 'finished'`,
      );
      for (const l of learners) await regrade(tx, s.item_id, l.student_id);
    });
  return due.length;
}

/** The `quiz-overdue` job's run: overdue attempts finished, closed sessions released. */
export async function quizSweep(db: Db): Promise<void> {
  await finishOverdue(db);
  await releaseClosed(db);
}

// ---------------------------------------------------------------- staff views

type StaffContext = {
  attempt: AttemptRow;
  student: { id: number; name: string };
  inGradingScope: boolean;
  delivery: 'online' | 'onsite';
  title: string;
};

/** A finished or running attempt of a learner in the caller's reach, else 404. */
async function attemptInReach(db: Db, auth: AuthContext, attemptId: number): Promise<StaffContext> {
  await finishOverdueOne(db, attemptId);
  const [r] = await rows<{
    id: string | number;
    first_name: string;
    last_name: string;
    in_grading_scope: boolean;
    delivery: 'online' | 'onsite' | null;
    title: string;
  }>(
    db,
    sql`select a.id, u.first_name, u.last_name, ${gradingScope('cl', auth)} as in_grading_scope,
          i.delivery, i.title
        from quiz_attempts a join learning_items i on i.id = a.item_id and i.deleted_at is null
        join course_learners cl on cl.course_id = a.course_id and cl.student_id = a.student_id
        join users u on u.jwl_id = a.student_id
        where a.id = ${attemptId} and ${learnerReach('cl', auth)} limit 1`,
  );
  const a = r ? await findAttempt(db, attemptId) : null;
  if (!r || !a) throw notFound('The attempt');
  return {
    attempt: a,
    student: { id: a.student_id, name: `${r.first_name} ${r.last_name}` },
    inGradingScope: r.in_grading_scope,
    delivery: r.delivery ?? 'online',
    title: r.title,
  };
}

async function finishOverdueOne(db: Db, attemptId: number) {
  const [late] = await rows<{ id: string | number }>(
    db,
    sql`select id from quiz_attempts where id = ${attemptId} and status = 'in_progress'
        and deadline_at < now() - interval '30 seconds'`,
  );
  if (late) await db.transaction((tx) => finishInTx(tx, attemptId, 'timeout'));
}

async function staffView(db: Db, ctx: StaffContext): Promise<StaffAttempt> {
  const a = ctx.attempt;
  const questions = await layoutQuestions(db, a.layout);
  const responses = await responsesOf(db, Number(a.id));
  const c = await gradeContext(db, a.item_id, a.session_id);
  const maxPoints = Number(c?.max_points ?? 0);
  const all = await rows<AttemptRow>(
    db,
    sql`select * from quiz_attempts where item_id = ${a.item_id} and student_id = ${a.student_id}
        and status = 'finished'`,
  );
  const method = c ? methodGrade(c.grading_method, marked(all)) : null;
  const complete = all.every((x) => x.total_points !== null);
  return {
    attempt: {
      ...summaryOf(a, true, true, maxPoints),
      autoPoints: num(a.auto_points),
      manualPoints: num(a.manual_points),
      totalPoints: num(a.total_points),
      submissionId: num(a.submission_id),
    },
    student: ctx.student,
    itemId: a.item_id,
    title: ctx.title,
    sessionId: a.session_id,
    gradingMethod: c?.grading_method ?? 'highest',
    maxPoints,
    methodPoints: complete && method ? method.points : null,
    questions: a.layout.map((l) => {
      const q = questionOf(questions, l);
      const r = responses.get(l.slot);
      const value = responseValue(r);
      const s = scoreResponse(q, value);
      const autoFraction = num(r?.auto_fraction ?? null);
      const manual = num(r?.manual_points ?? null);
      const awarded =
        q.kind === 'essay'
          ? (manual ?? (s.state === 'unanswered' && a.status === 'finished' ? 0 : null))
          : a.status === 'finished'
            ? round2((autoFraction ?? 0) * l.points)
            : null;
      return {
        slot: l.slot,
        number: l.slot + 1,
        page: l.page,
        points: l.points,
        prompt: q.prompt,
        view: learnerView(q, l.choiceOrder),
        response: value,
        flagged: r?.flagged ?? false,
        savedAt: r ? iso(r.saved_at) : null,
        kind: q.kind,
        questionId: q.id,
        questionVersion: q.version,
        title: q.title,
        data: q.data,
        generalFeedback: q.generalFeedback,
        autoFraction,
        manualPoints: manual,
        awardedPoints: awarded,
        state: q.kind === 'essay' && manual !== null ? 'correct' : s.state,
        feedback: s.feedback,
        comment: r?.comment ?? null,
        gradedAt: r ? iso(r.graded_at) : null,
        fileUrl: null,
        problem: s.problem,
      };
    }),
  };
}

export async function getStaffAttempt(deps: Deps, auth: AuthContext, attemptId: number) {
  return staffView(deps.db, await attemptInReach(deps.db, auth, attemptId));
}

/** The grade page's quiz part: the attempt handed in as this submission. */
export async function getSubmissionQuiz(deps: Deps, auth: AuthContext, submissionId: number) {
  const s = await teachingRepo.findSubmission(deps.db, auth, submissionId);
  if (!s || s.kind !== 'quiz') throw notFound('The submission');
  const [a] = await rows<{ id: string | number }>(
    deps.db,
    sql`select id from quiz_attempts where submission_id = ${submissionId}`,
  );
  if (!a) throw notFound('The submission');
  return staffView(deps.db, await attemptInReach(deps.db, auth, Number(a.id)));
}

/** Essay marks, and the draft grade the method gives once every attempt's marks are complete. */
export async function saveMarks(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  input: MarksInput,
): Promise<StaffAttempt> {
  const ctx = await attemptInReach(deps.db, auth, attemptId);
  assertMayGrade(auth, { delivery: ctx.delivery }, ctx.inGradingScope);
  const a = ctx.attempt;
  if (a.status !== 'finished')
    throw new AppError(
      409,
      'CONFLICT',
      'This attempt is still in progress: mark it once it is handed in.',
    );
  const questions = await layoutQuestions(deps.db, a.layout);
  for (const m of input.marks) {
    const l = a.layout[m.slot];
    if (!l || questionOf(questions, l).kind !== 'essay')
      throw invalidFields({
        [`marks.${String(m.slot)}`]: 'Only essay questions are marked by hand.',
      });
    if (m.points > l.points)
      throw invalidFields({ [`marks.${String(m.slot)}`]: `At most ${String(l.points)}` });
  }
  await deps.db.transaction(async (tx) => {
    for (const m of input.marks)
      await tx.execute(
        sql`insert into quiz_responses (attempt_id, slot, response, saved_seq, manual_points, comment, graded_by, graded_at)
            values (${attemptId}, ${m.slot}, null, 0, ${m.points}, ${m.comment ?? null}, ${auth.user.jwlId}, now())
            on conflict (attempt_id, slot) do update set manual_points = excluded.manual_points,
              comment = excluded.comment, graded_by = excluded.graded_by, graded_at = excluded.graded_at`,
      );
    // The attempt's marks: complete once every answered essay has its points.
    const responses = await responsesOf(tx, attemptId);
    let manual = 0;
    let complete = true;
    for (const l of a.layout) {
      const q = questionOf(questions, l);
      if (q.kind !== 'essay') continue;
      const r = responses.get(l.slot);
      const answered = scoreResponse(q, responseValue(r)).state !== 'unanswered';
      const points = num(r?.manual_points ?? null);
      if (points !== null) manual += points;
      else if (answered) complete = false;
    }
    await tx.execute(
      sql`update quiz_attempts set manual_points = ${round2(manual)},
            total_points = ${complete ? sql`auto_points + ${round2(manual)}` : sql`null`},
            version = version + 1, updated_at = now()
          where id = ${attemptId}`,
    );
    await audit(tx, auth, {
      action: 'quiz_attempt.marked',
      entityType: 'quiz_attempt',
      entityId: attemptId,
      changes: { marks: input.marks },
    });
    const all = await rows<AttemptRow>(
      tx,
      sql`select * from quiz_attempts where item_id = ${a.item_id} and student_id = ${a.student_id}
          and status = 'finished'`,
    );
    if (all.some((x) => x.total_points === null)) return;
    const c = await gradeContext(tx, a.item_id, a.session_id);
    const grade = c ? methodGrade(c.grading_method, marked(all)) : null;
    if (!c || !grade) return;
    const current = await findGrade(tx, a.item_id, a.student_id, true);
    if (current?.isPublished)
      throw new AppError(
        409,
        'GRADE_PUBLISHED',
        'This grade is already published: change it with the grade panel’s override.',
      );
    await applyGradeEvent(tx, {
      action: 'save',
      itemId: a.item_id,
      studentId: a.student_id,
      courseId: c.course_id,
      expectedVersion: input.gradeVersion ?? current?.version ?? 0,
      values: {
        submissionId: grade.submissionId,
        outcome: 'graded',
        points: Math.min(grade.points, Number(c.max_points)),
        comment: current?.comment ?? null,
        rubricScores: null,
      },
      maxPoints: Number(c.max_points),
      weight: num(c.weight),
      itemVersion: c.version,
      gradingSchemaId: c.grading_schema_id,
      gradingSchemaVersion: c.grading_schema_version,
      actorId: auth.user.jwlId,
      impersonatorId: auth.impersonating ? auth.realUser.jwlId : null,
    });
  });
  return staffView(deps.db, await attemptInReach(deps.db, auth, attemptId));
}

// ---------------------------------------------------------------- review (the learner's)

export async function getReview(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  session: (a: AttemptRow) => Promise<{ session: LearnerSession; unitStatus: string; now: Date }>,
): Promise<AttemptReview> {
  const a = await findAttempt(deps.db, attemptId);
  if (!a || a.student_id !== auth.user.jwlId) throw notFound('The attempt');
  const { session: s, unitStatus, now } = await session(a);
  const closed = windowClosed(s, unitStatus, now);
  const finished = a.status === 'finished';
  const marksShown = finished && reviewShown(s.review.marks, closed);
  const answersShown = finished && reviewShown(s.review.answers, closed);
  const [item] = await rows<{
    title: string;
    unit_id: number;
    course_id: number;
    max_points: string | number;
  }>(
    deps.db,
    sql`select title, unit_id, course_id, max_points from learning_items where id = ${a.item_id}`,
  );
  if (!item) throw notFound('The attempt');
  const questions = await layoutQuestions(deps.db, a.layout);
  const responses = await responsesOf(deps.db, attemptId);
  return {
    attempt: summaryOf(a, marksShown, marksShown || answersShown, Number(item.max_points)),
    itemId: a.item_id,
    unitId: item.unit_id,
    courseId: item.course_id,
    title: item.title,
    marksShown,
    answersShown,
    // Nothing of the questions before the review allows it: the answers on the attempt page
    // were the learner's own, and the marks or keys are what the rules hold back.
    questions:
      !marksShown && !answersShown
        ? []
        : a.layout.map((l) => {
            const q = questionOf(questions, l);
            const r = responses.get(l.slot);
            const value = responseValue(r);
            const s2 = scoreResponse(q, value);
            const manual = num(r?.manual_points ?? null);
            const fraction =
              q.kind === 'essay'
                ? manual === null
                  ? null
                  : manual / l.points
                : (num(r?.auto_fraction ?? null) ?? 0);
            return {
              slot: l.slot,
              number: l.slot + 1,
              page: l.page,
              points: l.points,
              prompt: q.prompt,
              view: learnerView(q, l.choiceOrder),
              response: value,
              flagged: r?.flagged ?? false,
              savedAt: r ? iso(r.saved_at) : null,
              kind: q.kind,
              fraction: marksShown ? fraction : null,
              awardedPoints: marksShown && fraction !== null ? round2(fraction * l.points) : null,
              state: marksShown
                ? q.kind === 'essay' && manual === null
                  ? s2.state
                  : s2.state
                : null,
              data: answersShown ? learnerKey(q.kind, q.data) : null,
              feedback: answersShown ? s2.feedback : null,
              generalFeedback: answersShown ? q.generalFeedback || null : null,
              comment: marksShown ? (r?.comment ?? null) : null,
            };
          }),
  };
}

/** The key shown in a review: the question's data without what only graders read. */
function learnerKey(kind: string, data: unknown): unknown {
  if (kind !== 'essay') return data;
  const { graderInfo: _hidden, ...rest } = data as { graderInfo?: string };
  return rest;
}

// ---------------------------------------------------------------- results per session

export async function getResults(
  deps: Deps,
  auth: AuthContext,
  sessionId: number,
): Promise<SessionResults> {
  const [srow] = await rows<SessionRow>(
    deps.db,
    sql`select s.*, k.name as class_name,
          (select count(*)::int from quiz_attempts a where a.session_id = s.id and a.status = 'in_progress') as in_progress,
          (select count(*)::int from quiz_attempts a where a.session_id = s.id and a.status = 'finished') as finished
        from quiz_sessions s left join classes k on k.id = s.class_id where s.id = ${sessionId}`,
  );
  if (!srow) throw notFound('The quiz session');
  const item = await quizInReach(deps.db, auth, srow.item_id).catch(() => {
    throw notFound('The quiz session');
  });
  // Overdue attempts are finished before they are counted.
  await finishOverdue(deps.db);
  const learners = await rows<{
    student_id: number;
    first_name: string;
    last_name: string;
    class_name: string | null;
  }>(
    deps.db,
    sql`select distinct on (cl.student_id) cl.student_id, u.first_name, u.last_name, k.name as class_name
        from course_learners cl join users u on u.jwl_id = cl.student_id
        left join classes k on k.id = cl.class_id
        where cl.course_id = ${item.course_id} and ${learnerReach('cl', auth)}
          and cl.student_id <> ${auth.user.jwlId}
          and ${
            srow.class_id === null
              ? sql`(cl.class_id is null or not exists (select 1 from quiz_sessions x where x.item_id = ${srow.item_id} and x.class_id = cl.class_id))`
              : sql`cl.class_id = ${srow.class_id}`
          }
        order by cl.student_id`,
  );
  const ids = learners.map((l) => l.student_id);
  const attempts =
    ids.length === 0
      ? []
      : await rows<AttemptRow>(
          deps.db,
          sql`select * from quiz_attempts where item_id = ${srow.item_id} and student_id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}) order by attempt`,
        );
  const grades =
    ids.length === 0
      ? []
      : await rows<{
          student_id: number;
          points: string | number | null;
          is_published: boolean;
          graded_by: number | null;
        }>(
          deps.db,
          sql`select student_id, points, is_published, graded_by from grades where item_id = ${srow.item_id}
              and student_id in (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`,
        );
  const [session] = await toSessions(deps.db, [srow], new Date());
  if (!session) throw notFound('The quiz session');
  const maxPoints = Number(item.max_points);
  const rowsOut: ResultsRow[] = learners
    .sort(
      (a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name),
    )
    .map((l) => {
      const mine = attempts.filter((a) => a.student_id === l.student_id);
      const g = grades.find((x) => x.student_id === l.student_id);
      const method = methodGrade(srow.grading_method, marked(mine));
      const complete = mine.every((a) => a.status !== 'finished' || a.total_points !== null);
      return {
        studentId: l.student_id,
        name: `${l.first_name} ${l.last_name}`,
        className: l.class_name,
        attempts: mine.map((a) => ({
          ...summaryOf(a, true, true, maxPoints),
          totalPoints: num(a.total_points),
          submissionId: num(a.submission_id),
        })),
        methodPoints: complete && method ? method.points : null,
        grade: g
          ? { points: num(g.points), isPublished: g.is_published, byPerson: g.graded_by !== null }
          : null,
        override: session.overrides.find((o) => o.studentId === l.student_id) ?? null,
      };
    });
  return {
    session,
    item: {
      id: item.id,
      title: item.title,
      courseId: item.course_id,
      unitId: item.unit_id,
      maxPoints,
    },
    rows: rowsOut,
    canEdit: auth.rights.has('QUIZ_SESSION__EDIT'),
  };
}
