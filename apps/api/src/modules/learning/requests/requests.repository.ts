import { sql, type SQL } from 'drizzle-orm';
import type {
  GradeRequest,
  GradeRequestKind,
  GradeRequestQuery,
  GradeRequestState,
} from '@lantern/contracts/grade-requests';
import type { GradeEventSubject, GradeOutcome } from '@lantern/contracts/learning-enums';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import { learnerReach } from '../../../lib/learning-scope';
import { containsPattern, rows } from '../../../lib/sql';

// Reads of grade requests (decision 0021 §2): one row shape for the queue, the request page and
// the writers, with whether the caller reaches the learner (learner reach, as the ledger reads).

export type RequestRow = {
  id: number;
  kind: GradeRequestKind;
  subject: GradeEventSubject;
  state: GradeRequestState;
  course_id: number;
  course_code: string;
  course_title: string;
  programme_id: number;
  item_id: number | null;
  item_title: string | null;
  student_id: number;
  student_first: string;
  student_last: string;
  enrolment_id: number | null;
  class_id: number | null;
  class_name: string | null;
  grade_version: number;
  from_points: string | number | null;
  from_outcome: GradeOutcome | null;
  to_points: string | number | null;
  to_outcome: GradeOutcome | null;
  to_comment: string | null;
  max_points: string | number;
  reason: string;
  requested_by: number;
  requested_by_name: string;
  requested_at: Date | string;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: Date | string | null;
  decision_note: string | null;
  applied_event_id: string | number | null;
  version: number;
  in_reach: boolean;
};

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));
const iso = (v: Date | string): string => new Date(v).toISOString();

/** The row as the contract shows it, with what the caller may do with it. */
export function toRequest(r: RequestRow, auth: AuthContext): GradeRequest {
  const open = r.state === 'open';
  const own = r.requested_by === auth.user.jwlId;
  return {
    id: r.id,
    kind: r.kind,
    subject: r.subject,
    state: r.state,
    course: { id: r.course_id, code: r.course_code, title: r.course_title },
    item: r.item_id === null ? null : { id: r.item_id, title: r.item_title ?? '' },
    student: { id: r.student_id, firstName: r.student_first, lastName: r.student_last },
    class: r.class_id === null ? null : { id: r.class_id, name: r.class_name ?? '' },
    gradeVersion: r.grade_version,
    from: { points: num(r.from_points), outcome: r.from_outcome },
    to:
      r.kind === 'undo_publish'
        ? null
        : { points: num(r.to_points), outcome: r.to_outcome, comment: r.to_comment },
    maxPoints: Number(r.max_points),
    reason: r.reason,
    requestedBy: { id: r.requested_by, name: r.requested_by_name },
    requestedAt: iso(r.requested_at),
    decidedBy: r.decided_by === null ? null : { id: r.decided_by, name: r.decided_by_name ?? '' },
    decidedAt: r.decided_at === null ? null : iso(r.decided_at),
    decisionNote: r.decision_note,
    version: r.version,
    mayDecide: open && !own && r.in_reach && auth.rights.has('GRADE_CHANGE_REQUEST__EDIT'),
    mayWithdraw: open && own,
  };
}

/**
 * The request rows with their names; `cl` is the learner's course_learners row (a lateral
 * pick: an additional course and the programme's never both hold), null when they left.
 */
const FROM = (auth: AuthContext) => sql`
  select r.id, r.kind, r.subject, r.state, r.course_id, c.code as course_code,
    c.title as course_title, c.programme_id, r.item_id, i.title as item_title, r.student_id,
    s.first_name as student_first, s.last_name as student_last, r.enrolment_id,
    cl.class_id, k.name as class_name, r.grade_version, r.from_points, r.from_outcome,
    r.to_points, r.to_outcome, r.to_comment, r.max_points, r.reason, r.requested_by,
    rb.first_name || ' ' || rb.last_name as requested_by_name, r.requested_at, r.decided_by,
    db.first_name || ' ' || db.last_name as decided_by_name, r.decided_at, r.decision_note,
    r.applied_event_id, r.version,
    coalesce(cl.student_id is not null and ${learnerReach('cl', auth)}, false) as in_reach
  from grade_requests r
  join programme_courses c on c.id = r.course_id
  left join learning_items i on i.id = r.item_id
  join users s on s.jwl_id = r.student_id
  join users rb on rb.jwl_id = r.requested_by
  left join users db on db.jwl_id = r.decided_by
  left join lateral (select x.* from course_learners x
                     where x.course_id = r.course_id and x.student_id = r.student_id
                     limit 1) cl on true
  left join classes k on k.id = cl.class_id`;

/** One request the caller may read (reach, or their own), locked for a writer; else null. */
export async function findRequest(
  db: Db,
  auth: AuthContext,
  id: number,
  lock = false,
): Promise<RequestRow | null> {
  // One statement: the request row is locked (`of r`: the outer joins' rows are not).
  const [row] = await rows<RequestRow>(
    db,
    sql`select * from (${FROM(auth)} where r.id = ${id} ${lock ? sql`for update of r` : sql``}) q
        where q.in_reach or q.requested_by = ${auth.user.jwlId}`,
  );
  return row ?? null;
}

/** The queue's filters but the ones named in `skip` (counts per state ignore the state). */
function filters(
  auth: AuthContext,
  query: GradeRequestQuery,
  skip: ReadonlySet<'state' | 'kind'>,
): SQL[] {
  const where: SQL[] = [sql`(q.in_reach or q.requested_by = ${auth.user.jwlId})`];
  if (query.courseId) where.push(sql`q.course_id = ${query.courseId}`);
  if (query.state && !skip.has('state')) where.push(sql`q.state = ${query.state}`);
  if (query.kind && !skip.has('kind')) where.push(sql`q.kind = ${query.kind}`);
  if (query.mine) where.push(sql`q.requested_by = ${auth.user.jwlId}`);
  if (query.q) {
    const like = containsPattern(query.q);
    where.push(
      sql`(q.student_first || ' ' || q.student_last ilike ${like} or q.item_title ilike ${like}
           or q.course_code ilike ${like})`,
    );
  }
  return where;
}

/** A page of the queue, newest first (keyset on the id), with its counts and courses. */
export async function findRequests(db: Db, auth: AuthContext, query: GradeRequestQuery) {
  const page = [...filters(auth, query, new Set())];
  if (query.before) page.push(sql`q.id < ${query.before}`);
  const and = (w: SQL[]) => sql.join(w, sql` and `);
  const [found, counts, courses] = await Promise.all([
    rows<RequestRow>(
      db,
      sql`select * from (${FROM(auth)}) q where ${and(page)} order by q.id desc
          limit ${query.limit + 1}`,
    ),
    rows<{ state: GradeRequestState; kind: GradeRequestKind; n: number }>(
      db,
      sql`select q.state, q.kind, count(*)::int as n from (${FROM(auth)}) q
          where ${and(filters(auth, query, new Set(['state', 'kind'])))}
          group by q.state, q.kind`,
    ),
    rows<{ id: number; code: string; title: string }>(
      db,
      sql`select distinct q.course_id as id, q.course_code as code, q.course_title as title
          from (${FROM(auth)}) q where q.in_reach or q.requested_by = ${auth.user.jwlId}
          order by q.course_code, q.course_id`,
    ),
  ]);
  return { found, counts, courses };
}

/** Whether an open request exists for the grade; its id. */
export async function openRequestFor(
  db: Db,
  grade: { courseId: number; studentId: number; itemId: number | null },
): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from grade_requests
        where course_id = ${grade.courseId} and student_id = ${grade.studentId}
          and coalesce(item_id, 0) = ${grade.itemId ?? 0} and state = 'open'`,
  );
  return row?.id ?? null;
}

/** The last ledger event of a grade: who set it to what, and when (the stale sentence). */
export async function lastEventOf(
  db: Db,
  r: { student_id: number; course_id: number; item_id: number | null; enrolment_id: number | null },
) {
  const [row] = await rows<{
    action: string;
    new_points: string | number | null;
    new_outcome: GradeOutcome | null;
    actor_name: string | null;
    at: Date | string;
  }>(
    db,
    sql`select e.action, e.new_points, e.new_outcome, e.at,
          a.first_name || ' ' || a.last_name as actor_name
        from grade_events e left join users a on a.jwl_id = e.actor_id
        where e.student_id = ${r.student_id} and e.course_id = ${r.course_id}
          and ${
            r.item_id === null
              ? sql`e.subject = 'course_result' and e.enrolment_id = ${r.enrolment_id}`
              : sql`e.item_id = ${r.item_id}`
          }
        order by e.id desc limit 1`,
  );
  return row ?? null;
}
