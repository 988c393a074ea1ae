import { sql } from 'drizzle-orm';
import type { CourseResultSource } from '@lantern/contracts/learning-enums';
import { attemptsInForce, syncCourseResults } from '@lantern/db/bachelor-attempts';
import type { Db } from '@lantern/db/client';
import { AppError } from '../../../lib/errors';
import { jsonParam, rows } from '../../../lib/sql';
import { creditResultEvents, type ResultEventWritten } from '../../bachelor/public';

// The one writer of `course_results` (decision 0021): every change of a course result is an
// event of the grade ledger (`subject = 'course_result'`), appended in the caller's transaction
// with the projection. Set-based: the finish page saves up to 20,000 cells at once, so a batch is
// a lock, an upsert, a delete and one insert of events, whatever its size. A bachelor student's
// result is also its attempt's (decision 0022, "results per attempt"): the attempt in force is
// what the action applies to, and `course_results` follows the latest attempt that has a result.

export type ResultAction = 'save' | 'finalise' | 'reopen' | 'change';

export type ResultEntry = {
  enrolmentId: number;
  courseId: number;
  /** save, change: the new score (null clears on save); finalise: the score to make final. */
  score?: number | null;
  /** finalise: where the score comes from (entered on the finish page, or the grade book's). */
  source?: CourseResultSource;
};

export type ResultBatch = {
  action: ResultAction;
  entries: readonly ResultEntry[];
  /** The programme's grading schema at the time: the result's scale and its version. */
  schema: { id: number | null; version: number | null; scaleMax: number };
  actorId: number | null;
  impersonatorId: number | null;
  reason?: string | null;
  requestId?: number | null;
};

type Current = {
  enrolment_id: number;
  course_id: number;
  score: string | number;
  source: CourseResultSource;
  is_final: boolean;
  version: number;
};

type After = {
  enrolment_id: number;
  /** The attempt (bachelor student course) the result is given in; null outside bachelor terms. */
  student_course_id: number | null;
  course_id: number;
  student_id: number;
  score: number | null;
  source: CourseResultSource;
  is_final: boolean;
  version: number;
  old_score: number | null;
  old_final: boolean | null;
};

// Scores are kept to two decimals, as the ledger's points are, so a replay gives them back.
const round = (v: number) => Math.round(v * 100) / 100;
const key = (e: { enrolmentId: number; courseId: number }) =>
  `${String(e.enrolmentId)}:${String(e.courseId)}`;

/** The sentence of a change refused on a final result. */
export const FINAL_SENTENCE =
  'This result is final since the programme finished; it changes only through a grade-change request.';

/**
 * Applies one action to a batch of course results in the caller's transaction: locks the
 * results, works out each one's next state, writes the projection and appends one event per
 * result that changed. Returns how many changed.
 */
export async function applyResultEvents(tx: Db, batch: ResultBatch): Promise<number> {
  if (batch.entries.length === 0) return 0;
  const wanted = jsonParam(
    batch.entries.map((e) => ({ enrolment_id: e.enrolmentId, course_id: e.courseId })),
  );
  const current = await rows<Current>(
    tx,
    sql`select r.enrolment_id, r.course_id, r.score, r.source, r.is_final, r.version
        from course_results r
        where (r.enrolment_id, r.course_id) in
          (select x.enrolment_id, x.course_id
           from jsonb_to_recordset(${wanted}::jsonb) as x(enrolment_id int, course_id int))
        for update of r`,
  );
  // The attempts in force of bachelor students: their result is the attempt's own, which may
  // have none yet while `course_results` still holds an earlier attempt's.
  const attempts = await rows<{
    enrolment_id: number;
    course_id: number;
    student_course_id: number;
  }>(
    tx,
    attemptsInForce(
      sql`select x.enrolment_id, x.course_id
          from jsonb_to_recordset(${wanted}::jsonb) as x(enrolment_id int, course_id int)`,
    ),
  );
  const attemptOf = new Map(
    attempts.map((a) => [
      key({ enrolmentId: a.enrolment_id, courseId: a.course_id }),
      a.student_course_id,
    ]),
  );
  const attemptRows =
    attempts.length === 0
      ? []
      : await rows<Current & { student_course_id: number }>(
          tx,
          sql`select a.student_course_id, sc.enrolment_id, o.course_id, a.score, a.source,
                a.is_final, a.version
              from ba_attempt_results a
              join ba_student_courses sc on sc.id = a.student_course_id
              join ba_offerings o on o.id = sc.offering_id
              where a.student_course_id in
                (select (x->>'student_course_id')::int
                 from jsonb_array_elements(${jsonParam(attempts)}::jsonb) x)
              for update of a`,
        );
  const byKey = new Map(
    current
      .filter((c) => !attemptOf.has(key({ enrolmentId: c.enrolment_id, courseId: c.course_id })))
      .map((c) => [key({ enrolmentId: c.enrolment_id, courseId: c.course_id }), c]),
  );
  for (const a of attemptRows)
    byKey.set(key({ enrolmentId: a.enrolment_id, courseId: a.course_id }), a);
  const people = await rows<{ id: number; user_id: number }>(
    tx,
    sql`select e.id, e.user_id from enrolments e
        where e.id in (select (x->>'enrolment_id')::int from jsonb_array_elements(${wanted}::jsonb) x)`,
  );
  const studentOf = new Map(people.map((p) => [p.id, p.user_id]));

  const afters: After[] = [];
  const missing: ResultEntry[] = [];
  for (const entry of batch.entries) {
    const before = byKey.get(key(entry));
    const studentId = studentOf.get(entry.enrolmentId);
    if (studentId === undefined) throw new Error(`no enrolment ${String(entry.enrolmentId)}`);
    const oldScore = before ? Number(before.score) : null;
    const next = nextState(batch.action, before, entry);
    if (next === null) continue;
    const unchanged =
      before !== undefined &&
      next.score === oldScore &&
      next.isFinal === before.is_final &&
      next.source === before.source;
    if (unchanged) continue;
    if (!before) missing.push(entry);
    afters.push({
      enrolment_id: entry.enrolmentId,
      student_course_id: attemptOf.get(key(entry)) ?? null,
      course_id: entry.courseId,
      student_id: studentId,
      score: next.score,
      source: next.source,
      is_final: next.isFinal,
      version: (before?.version ?? 0) + 1,
      old_score: oldScore,
      old_final: before ? before.is_final : null,
    });
  }
  if (afters.length === 0) return 0;

  // A result cleared earlier and set again goes on from the version its last event gave it.
  if (missing.length > 0) {
    const last = await rows<{ enrolment_id: number; course_id: number; grade_version: number }>(
      tx,
      sql`select distinct on (enrolment_id, course_id) enrolment_id, course_id, grade_version
          from grade_events
          where subject = 'course_result'
            and student_id in (select (x->>'student_id')::int
                               from jsonb_array_elements(${jsonParam(afters.map((a) => ({ student_id: a.student_id })))}::jsonb) x)
            and (enrolment_id, course_id) in
              (select x.enrolment_id, x.course_id
               from jsonb_to_recordset(${wanted}::jsonb) as x(enrolment_id int, course_id int))
          order by enrolment_id, course_id, id desc`,
    );
    const lastOf = new Map(
      last.map((l) => [key({ enrolmentId: l.enrolment_id, courseId: l.course_id }), l]),
    );
    for (const a of afters) {
      const seen = lastOf.get(key({ enrolmentId: a.enrolment_id, courseId: a.course_id }));
      if (seen && !byKey.has(key({ enrolmentId: a.enrolment_id, courseId: a.course_id })))
        a.version = seen.grade_version + 1;
    }
  }

  const kept = afters.filter((a) => a.score !== null);
  // A cleared attempt hands `course_results` back to the attempt before it (synced below).
  const cleared = afters.filter((a) => a.score === null && a.student_course_id === null);
  const attemptsKept = kept.filter((a) => a.student_course_id !== null);
  const attemptsCleared = afters.filter((a) => a.score === null && a.student_course_id !== null);
  if (attemptsKept.length > 0)
    await tx.execute(
      sql`insert into ba_attempt_results (student_course_id, score, source, is_final,
            grading_schema_id, grading_schema_version, version, entered_by, updated_at)
          select x.student_course_id, x.score, x.source, x.is_final, ${batch.schema.id}::int,
            ${batch.schema.version}::int, x.version, ${batch.actorId}::int, now()
          from jsonb_to_recordset(${jsonParam(attemptsKept)}::jsonb)
            as x(student_course_id int, score numeric, source course_result_source,
                 is_final boolean, version int)
          on conflict (student_course_id) do update set
            score = excluded.score, source = excluded.source, is_final = excluded.is_final,
            grading_schema_id = excluded.grading_schema_id,
            grading_schema_version = excluded.grading_schema_version, version = excluded.version,
            entered_by = excluded.entered_by, updated_at = now()`,
    );
  if (attemptsCleared.length > 0) {
    await tx.execute(
      sql`delete from ba_attempt_results where student_course_id in
            (select (x->>'student_course_id')::int
             from jsonb_array_elements(${jsonParam(attemptsCleared)}::jsonb) x)`,
    );
    await syncCourseResults(tx, [...new Set(attemptsCleared.map((a) => a.enrolment_id))]);
  }
  if (kept.length > 0)
    await tx.execute(
      sql`insert into course_results (enrolment_id, course_id, score, entered_by, updated_at, source,
            is_final, grading_schema_id, grading_schema_version, version)
          select x.enrolment_id, x.course_id, x.score, ${batch.actorId}::int, now(), x.source,
            x.is_final, ${batch.schema.id}::int, ${batch.schema.version}::int, x.version
          from jsonb_to_recordset(${jsonParam(kept)}::jsonb)
            as x(enrolment_id int, course_id int, score numeric, source course_result_source,
                 is_final boolean, version int)
          on conflict (enrolment_id, course_id) do update set
            score = excluded.score, entered_by = excluded.entered_by, updated_at = now(),
            source = excluded.source, is_final = excluded.is_final,
            grading_schema_id = excluded.grading_schema_id,
            grading_schema_version = excluded.grading_schema_version, version = excluded.version`,
    );
  if (cleared.length > 0)
    await tx.execute(
      sql`delete from course_results where (enrolment_id, course_id) in
            (select x.enrolment_id, x.course_id
             from jsonb_to_recordset(${jsonParam(cleared)}::jsonb) as x(enrolment_id int, course_id int))`,
    );
  const written = await rows<ResultEventWritten>(
    tx,
    sql`insert into grade_events (subject, student_id, course_id, enrolment_id, student_course_id,
          action, old_points,
          new_points, old_published, new_published, max_points, grading_schema_id,
          grading_schema_version, grade_version, actor_id, impersonator_id, reason, request_id)
        select 'course_result', x.student_id, x.course_id, x.enrolment_id, x.student_course_id,
          ${batch.action}::grade_event_action, x.old_score, x.score, x.old_final, x.is_final,
          ${batch.schema.scaleMax}, ${batch.schema.id}::int, ${batch.schema.version}::int, x.version,
          ${batch.actorId}::int, ${batch.impersonatorId}::int, ${batch.reason ?? null}::text,
          ${batch.requestId ?? null}::bigint
        from jsonb_to_recordset(${jsonParam(afters)}::jsonb)
          as x(enrolment_id int, course_id int, student_id int, student_course_id int,
               score numeric, is_final boolean, version int, old_score numeric, old_final boolean)
        order by x.enrolment_id, x.course_id
        returning id, enrolment_id, course_id, action, new_points, new_published, grading_schema_id,
          grading_schema_version`,
  );
  // A bachelor student's result that became final, or changed when final, moves their credit
  // ledger in this transaction (decision 0022, "As built: credits").
  await creditResultEvents(tx, written, batch.actorId);
  return afters.length;
}

/** A result's next state under an action; null when the action leaves it as it is. */
function nextState(
  action: ResultAction,
  before: Current | undefined,
  entry: ResultEntry,
): { score: number | null; source: CourseResultSource; isFinal: boolean } | null {
  const score = entry.score === undefined || entry.score === null ? null : round(entry.score);
  switch (action) {
    case 'save':
      if (before?.is_final) throw new AppError(409, 'CONFLICT', FINAL_SENTENCE);
      if (!before && score === null) return null;
      return { score, source: 'entered', isFinal: false };
    case 'change':
      if (!before?.is_final)
        throw new AppError(
          409,
          'CONFLICT',
          'This result is not final yet: change it on the finish page.',
        );
      if (score === null) throw new Error('a result change needs a score');
      return { score, source: before.source, isFinal: true };
    case 'finalise': {
      const final = score ?? (before ? Number(before.score) : null);
      if (final === null) return null;
      return { score: final, source: entry.source ?? before?.source ?? 'entered', isFinal: true };
    }
    case 'reopen':
      if (!before?.is_final) return null;
      return { score: Number(before.score), source: before.source, isFinal: false };
  }
}
