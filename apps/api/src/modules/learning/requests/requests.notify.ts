import { sql } from 'drizzle-orm';
import { GRADE_REQUEST_KIND_LABELS } from '@lantern/contracts/grade-requests';
import type { Db } from '@lantern/db/client';
import { createNotifications } from '../../../lib/notifications';
import { rows } from '../../../lib/sql';
import type { GradeRow } from '../teaching/public';
import type { RequestRow } from './requests.repository';

// The notifications of grade requests (decision 0021 §2.5), in the caller's transaction. One
// `undo_publish_request` row per request and user (a partial unique index): creating inserts with
// `on conflict do nothing`, a decision rewrites the requester's row, so a retried call notifies
// nobody twice.

const linkOf = (id: number) => `/en/learning/grade-request/${String(id)}`;

/** "BUS101 · Essay 2 · Maria Alvarez" (a result: the course's title). */
const subjectOf = (r: RequestRow) =>
  `${r.course_code} · ${r.item_title ?? r.course_title} · ${r.student_first} ${r.student_last}`;

/**
 * The deciders of a request: holders of GRADE_CHANGE_REQUEST__EDIT (by a role they hold) among
 * the staff of the learner's class; when none, those whose CLC scope covers the learner's CLC.
 * Never the requester; active accounts only.
 */
export async function decidersOf(db: Db, r: RequestRow): Promise<number[]> {
  const found = await rows<{ user_id: number }>(
    db,
    sql`with learner as (
          select cl.class_id, cl.clc_id from course_learners cl
          where cl.course_id = ${r.course_id} and cl.student_id = ${r.student_id} limit 1
        ), holders as (
          select distinct ur.user_id, ro.scope from user_roles ur
          join roles ro on ro.key = ur.role_key
          join role_rights rr on rr.role_key = ur.role_key
            and rr.right_key = 'GRADE_CHANGE_REQUEST__EDIT'
          join users u on u.jwl_id = ur.user_id and u.status = 'active'
          where ur.user_id <> ${r.requested_by}
        ), staff as (
          select distinct h.user_id from holders h
          join class_staff cs on cs.user_id = h.user_id
          join learner l on cs.class_id = l.class_id
        )
        select user_id from staff
        union
        select distinct h.user_id from holders h, learner l
        where not exists (select 1 from staff)
          and (h.scope = 'all_clcs'
               or exists (select 1 from user_clcs uc where uc.user_id = h.user_id
                            and uc.clc_id = l.clc_id))`,
  );
  return found.map((f) => f.user_id);
}

/** On create: one notification for each decider. */
export async function onCreate(db: Db, r: RequestRow): Promise<void> {
  const deciders = await decidersOf(db, r);
  if (deciders.length === 0) return;
  await db.execute(
    sql`insert into notifications (user_id, type, priority, task_id, undo_publish_request_id,
          title, body, link)
        select u, 'undo_publish_request', 'high', ${r.item_id}::int, ${r.id}::int,
          ${`${GRADE_REQUEST_KIND_LABELS[r.kind]}: ${subjectOf(r)}`}, ${r.reason},
          ${linkOf(r.id)}
        from unnest(${`{${deciders.join(',')}}`}::int[]) as u
        on conflict (undo_publish_request_id, user_id) where type = 'undo_publish_request'
        do nothing`,
  );
}

/**
 * On a decision: the requester's notification says it ("approved" / "declined: <note>"),
 * written or rewritten and unread; the deciders' are marked read, the request being settled.
 */
export async function onDecision(
  db: Db,
  r: RequestRow,
  state: 'approved' | 'declined',
  note: string | null,
): Promise<void> {
  const title = `${GRADE_REQUEST_KIND_LABELS[r.kind]} ${state}: ${subjectOf(r)}`;
  const body = state === 'declined' ? `Declined: ${note ?? ''}` : note;
  await db.execute(
    sql`insert into notifications (user_id, type, priority, task_id, undo_publish_request_id,
          title, body, link)
        values (${r.requested_by}, 'undo_publish_request', 'normal', ${r.item_id}::int, ${r.id},
          ${title}, ${body}::text, ${linkOf(r.id)})
        on conflict (undo_publish_request_id, user_id) where type = 'undo_publish_request'
        do update set title = excluded.title, body = excluded.body, is_read = false,
          read_at = null, created_at = now()`,
  );
  await settleDeciders(db, r);
}

/** On withdraw: nothing left to decide, so the deciders' notifications are read. */
export async function onWithdraw(db: Db, r: RequestRow): Promise<void> {
  await settleDeciders(db, r);
}

async function settleDeciders(db: Db, r: RequestRow): Promise<void> {
  await db.execute(
    sql`update notifications set is_read = true, read_at = coalesce(read_at, now())
        where type = 'undo_publish_request' and undo_publish_request_id = ${r.id}
          and user_id <> ${r.requested_by} and not is_read`,
  );
}

/**
 * On an approved undo, when the learner had seen the grade: their grade-comment notification
 * of that attempt says the grade is under review, unread (no new type reaches learners).
 */
export async function learnerUnderReview(db: Db, before: GradeRow, title: string): Promise<void> {
  const [seen] = await rows<{ seen: boolean }>(
    db,
    sql`update grades set learner_seen_at = null
        where item_id = ${before.itemId} and student_id = ${before.studentId}
          and learner_seen_at is not null
        returning true as seen`,
  );
  if (!seen || before.submissionId === null) return;
  const text = `Your grade for “${title}” is under review`;
  const updated = await rows<{ id: number }>(
    db,
    sql`update notifications set title = ${text}, body = null, is_read = false, read_at = null,
          created_at = now()
        where type = 'grade_comment' and submission_id = ${before.submissionId}
          and user_id = ${before.studentId}
        returning id`,
  );
  if (updated.length > 0) return;
  await createNotifications(db, {
    type: 'grade_comment',
    userIds: [before.studentId],
    title: text,
    submissionId: before.submissionId,
    taskId: before.itemId,
  });
}
