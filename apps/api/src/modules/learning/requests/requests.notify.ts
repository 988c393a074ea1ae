import { GRADE_REQUEST_KIND_LABELS } from '@lantern/contracts/grade-requests';
import type { Db } from '@lantern/db/client';
import { createNotifications } from '../../../lib/notifications';
import type { GradeRow } from '../teaching/public';
import type { RequestRow } from './requests.repository';
import {
  clearLearnerSeen,
  findDeciders,
  insertDeciderNotifications,
  rewriteGradeCommentTitle,
  settleDeciderNotifications,
  upsertRequesterNotification,
} from './requests-notify.repository';

// The notifications of grade requests (decision 0021 §2.5), in the caller's transaction. One
// `undo_publish_request` row per request and user (a partial unique index): creating inserts with
// `on conflict do nothing`, a decision rewrites the requester's row, so a retried call notifies
// nobody twice.

const linkOf = (id: number) => `/en/learning/grade-request/${String(id)}`;

/** "BUS101 · Essay 2 · Maria Alvarez" (a result: the course's title). */
const subjectOf = (r: RequestRow) =>
  `${r.course_code} · ${r.item_title ?? r.course_title} · ${r.student_first} ${r.student_last}`;

/** On create: one notification for each decider (requests-notify.repository.ts findDeciders). */
export async function onCreate(db: Db, r: RequestRow): Promise<void> {
  const deciders = await findDeciders(db, r);
  if (deciders.length === 0) return;
  await insertDeciderNotifications(
    db,
    r,
    deciders,
    `${GRADE_REQUEST_KIND_LABELS[r.kind]}: ${subjectOf(r)}`,
    linkOf(r.id),
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
  await upsertRequesterNotification(db, r, title, body, linkOf(r.id));
  await settleDeciderNotifications(db, r);
}

/** On withdraw: nothing left to decide, so the deciders' notifications are read. */
export async function onWithdraw(db: Db, r: RequestRow): Promise<void> {
  await settleDeciderNotifications(db, r);
}

/**
 * On an approved undo, when the learner had seen the grade: their grade-comment notification
 * of that attempt says the grade is under review, unread (no new type reaches learners).
 */
export async function learnerUnderReview(db: Db, before: GradeRow, title: string): Promise<void> {
  const seen = await clearLearnerSeen(db, before);
  if (!seen || before.submissionId === null) return;
  const text = `Your grade for “${title}” is under review`;
  const rewritten = await rewriteGradeCommentTitle(db, before.submissionId, before.studentId, text);
  if (rewritten) return;
  await createNotifications(db, {
    type: 'grade_comment',
    userIds: [before.studentId],
    title: text,
    submissionId: before.submissionId,
    taskId: before.itemId,
  });
}
