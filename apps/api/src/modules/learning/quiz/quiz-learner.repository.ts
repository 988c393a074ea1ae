import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { GradingMethod } from '@lantern/contracts/quiz';
import { intArray, rows } from '../../../lib/sql';
import type { ReviewRule } from './review-rule';

/** Reads of a quiz as its learner meets it: the session, the item, the grade. */

export type SessionRead = {
  id: number;
  class_id: number | null;
  opens_at: Date | string | null;
  closes_at: Date | string | null;
  o_closes_at: Date | string | null;
  time_limit_seconds: number | null;
  extra_seconds: number | null;
  attempts_allowed: number | null;
  extra_attempts: number | null;
  grading_method: 'highest' | 'last' | 'average';
  review: { marks: ReviewRule; answers: ReviewRule };
  allowed_offline: boolean;
  released_at: Date | string | null;
  used: number;
  open_id: string | number | null;
  now: Date | string;
};

/** The current versions of a quiz's banks (`b`) and fixed questions (`q`). */
export type Versions = { t: 'b' | 'q'; id: number; version: number }[];

/**
 * The learner's class session, else the item-wide one, with their override, their attempts used
 * and the one in progress; with `start`, also an attempt sent before with its client id and the
 * current versions of the banks and fixed questions (one statement for all of it).
 */
export async function findLearnerSession(
  db: Db,
  itemId: number,
  studentId: number,
  classId: number | null,
  start?: { clientId: string; bankIds: number[]; fixedIds: number[] },
): Promise<
  (SessionRead & { again_id: string | number | null; versions: Versions | null }) | undefined
> {
  const bankIds = start?.bankIds ?? [];
  const fixedIds = start?.fixedIds ?? [];
  const extras = start
    ? sql`(select a.id from quiz_attempts a where a.client_id = ${start.clientId}::uuid) as again_id,
          (select coalesce(jsonb_agg(jsonb_build_object('t', v.t, 'id', v.id, 'version', v.version)), '[]'::jsonb)
             from (select 'b' as t, id, version from question_banks where id = any(${intArray(bankIds)}) and deleted_at is null
                   union all
                   select 'q', id, version from questions where id = any(${intArray(fixedIds)}) and deleted_at is null) v) as versions,`
    : sql`null::bigint as again_id, null::jsonb as versions,`;
  const [row] = await rows<
    SessionRead & { again_id: string | number | null; versions: Versions | null }
  >(
    db,
    sql`select ${extras} s.id, s.class_id, s.opens_at, s.closes_at, o.closes_at as o_closes_at, s.time_limit_seconds,
          o.extra_seconds, s.attempts_allowed, o.extra_attempts, s.grading_method, s.review,
          s.allowed_offline, s.released_at, now() as now,
          (select count(*)::int from quiz_attempts a where a.item_id = ${itemId} and a.student_id = ${studentId}) as used,
          (select a.id from quiz_attempts a where a.item_id = ${itemId} and a.student_id = ${studentId}
             and a.status = 'in_progress') as open_id
        from quiz_sessions s
        left join quiz_overrides o on o.session_id = s.id and o.student_id = ${studentId}
        where s.item_id = ${itemId} and (s.class_id is null or s.class_id = ${classId})
        order by s.class_id nulls last limit 1`,
  );
  return row;
}

export type ItemInfo = {
  id: number;
  title: string;
  body: string;
  unit_id: number;
  course_id: number;
  max_points: string | number;
  settings: unknown;
  unit_status: string;
};

export async function findItemInfo(db: Db, itemId: number): Promise<ItemInfo | undefined> {
  const [i] = await rows<ItemInfo>(
    db,
    sql`select i.id, i.title, i.body, i.unit_id, i.course_id, i.max_points, i.settings, u.status as unit_status
        from learning_items i join learning_units u on u.id = i.unit_id where i.id = ${itemId}`,
  );
  return i;
}

export async function findSessionClass(db: Db, sessionId: number): Promise<number | null> {
  const [s] = await rows<{ class_id: number | null }>(
    db,
    sql`select class_id from quiz_sessions where id = ${sessionId}`,
  );
  return s?.class_id ?? null;
}

/** The learner's published grade of the quiz. */
export async function findPublishedGrade(
  db: Db,
  itemId: number,
  studentId: number,
): Promise<{ points: string | number | null; max_points: string | number } | undefined> {
  const [grade] = await rows<{ points: string | number | null; max_points: string | number }>(
    db,
    sql`select points, max_points from grades where item_id = ${itemId} and student_id = ${studentId}
        and is_published`,
  );
  return grade;
}

export type AttemptSessionRow = {
  id: number;
  class_id: number | null;
  opens_at: Date | string | null;
  closes_at: Date | string | null;
  time_limit_seconds: number | null;
  attempts_allowed: number | null;
  grading_method: 'highest' | 'last' | 'average';
  review: { marks: ReviewRule; answers: ReviewRule };
  allowed_offline: boolean;
  released_at: Date | string | null;
  unit_status: string;
  now: Date | string;
};

/** A session with the learner's later close and its unit's status. */
export async function findAttemptSession(
  db: Db,
  a: { student_id: number; session_id: number },
): Promise<AttemptSessionRow | undefined> {
  const [s] = await rows<AttemptSessionRow>(
    db,
    sql`select s.id, s.class_id, s.opens_at, coalesce(o.closes_at, s.closes_at) as closes_at,
          s.time_limit_seconds, s.attempts_allowed, s.grading_method, s.review, s.allowed_offline,
          s.released_at, u.status as unit_status, now() as now
        from quiz_sessions s join learning_items i on i.id = s.item_id
        join learning_units u on u.id = i.unit_id
        left join quiz_overrides o on o.session_id = s.id and o.student_id = ${a.student_id}
        where s.id = ${a.session_id}`,
  );
  return s;
}

export type GradeContext = {
  max_points: string | number;
  weight: string | number | null;
  version: number;
  course_id: number;
  grading_schema_id: number | null;
  grading_schema_version: number | null;
  grading_method: GradingMethod;
  review: { marks: ReviewRule; answers: ReviewRule };
  released_at: Date | string | null;
};

/** What a quiz grade is written with: the item's points and schema, the session's method. */
export async function findGradeContext(
  db: Db,
  itemId: number,
  sessionId: number,
): Promise<GradeContext | undefined> {
  const [c] = await rows<GradeContext>(
    db,
    sql`select i.max_points, i.weight, i.version, i.course_id, p.grading_schema_id,
          gs.version as grading_schema_version, s.grading_method, s.review, s.released_at
        from learning_items i join programme_courses c on c.id = i.course_id
        join programmes p on p.id = c.programme_id
        left join grading_schemas gs on gs.id = p.grading_schema_id
        join quiz_sessions s on s.id = ${sessionId}
        where i.id = ${itemId}`,
  );
  return c;
}
