import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { rows } from '../../../lib/sql';
import type { GradeRow } from '../teaching/public';
import type { RequestRow } from './requests.repository';

// The notification statements of grade requests (requests.notify.ts says what they say).

/**
 * The deciders of a request: holders of GRADE_CHANGE_REQUEST__EDIT (by a role they hold) among
 * the staff of the learner's class; when none, those whose CLC scope covers the learner's CLC.
 * Never the requester; active accounts only.
 */
export async function findDeciders(db: Db, r: RequestRow): Promise<number[]> {
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

/** One high-priority notification of the request for each decider (none twice). */
export async function insertDeciderNotifications(
  db: Db,
  r: RequestRow,
  deciders: readonly number[],
  title: string,
  link: string,
): Promise<void> {
  await db.execute(
    sql`insert into notifications (user_id, type, priority, task_id, undo_publish_request_id,
          title, body, link)
        select u, 'undo_publish_request', 'high', ${r.item_id}::int, ${r.id}::int,
          ${title}, ${r.reason},
          ${link}
        from unnest(${`{${deciders.join(',')}}`}::int[]) as u
        on conflict (undo_publish_request_id, user_id) where type = 'undo_publish_request'
        do nothing`,
  );
}

/** The requester's notification of the request, written or rewritten and unread. */
export async function upsertRequesterNotification(
  db: Db,
  r: RequestRow,
  title: string,
  body: string | null,
  link: string,
): Promise<void> {
  await db.execute(
    sql`insert into notifications (user_id, type, priority, task_id, undo_publish_request_id,
          title, body, link)
        values (${r.requested_by}, 'undo_publish_request', 'normal', ${r.item_id}::int, ${r.id},
          ${title}, ${body}::text, ${link})
        on conflict (undo_publish_request_id, user_id) where type = 'undo_publish_request'
        do update set title = excluded.title, body = excluded.body, is_read = false,
          read_at = null, created_at = now()`,
  );
}

/** Marks the deciders' notifications of the request read. */
export async function settleDeciderNotifications(db: Db, r: RequestRow): Promise<void> {
  await db.execute(
    sql`update notifications set is_read = true, read_at = coalesce(read_at, now())
        where type = 'undo_publish_request' and undo_publish_request_id = ${r.id}
          and user_id <> ${r.requested_by} and not is_read`,
  );
}

/** Forgets that the learner saw the grade; whether they had. */
export async function clearLearnerSeen(db: Db, before: GradeRow): Promise<boolean> {
  const [seen] = await rows<{ seen: boolean }>(
    db,
    sql`update grades set learner_seen_at = null
        where item_id = ${before.itemId} and student_id = ${before.studentId}
          and learner_seen_at is not null
        returning true as seen`,
  );
  return seen !== undefined;
}

/** Rewrites the learner's grade-comment notification of the attempt, unread; false if none. */
export async function rewriteGradeCommentTitle(
  db: Db,
  submissionId: number,
  studentId: number,
  text: string,
): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    db,
    sql`update notifications set title = ${text}, body = null, is_read = false, read_at = null,
          created_at = now()
        where type = 'grade_comment' and submission_id = ${submissionId}
          and user_id = ${studentId}
        returning id`,
  );
  return updated.length > 0;
}
