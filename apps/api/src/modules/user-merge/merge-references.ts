/**
 * What a merge does with every column that refers to a person (a foreign key to users).
 * A test reads the foreign keys from the database catalogue and fails for any column missing
 * here, so a table added later cannot be forgotten: whoever adds it decides its policy.
 *
 * - `move`: the removed person's rows now belong to the kept one. When a unique key holds a
 *   row for each of them, the merge is refused with `conflict`, since either row would lose
 *   what hangs off it.
 * - `move-dedupe`: a link row (a role, a CLC, a class seat) moves, and where the kept person
 *   already has the same link the removed one's copy is dropped. Nothing hangs off such rows;
 *   the dropped rows are kept in the merge log so that an undo puts them back.
 * - `keep`: history that stays as it was written, pointing at the tombstone (audit rows, mails
 *   sent, sign-ins, the merge log itself).
 * - `profile`: the student profile, one per person: moves when the kept person has none,
 *   else the chosen field values are copied into the kept person's.
 */
export type ReferencePolicy =
  | {
      kind: 'move';
      label: string;
      conflict: string;
      /** SQL naming a colliding row `r` for the person who resolves it (a programme's code). */
      conflictName?: string;
    }
  | { kind: 'move-dedupe'; label: string }
  | { kind: 'keep'; why: string }
  | { kind: 'profile'; label: string };

/** Both people hold work of the same course: either side's grades would be lost. */
const WORK_CONFLICT =
  'Both people have work in the same course. Remove one person from the course first, so that no grades are lost.';
/** Names the course of a colliding learner-work row `r` (every such table has `course_id` or `item_id`). */
const COURSE_NAME = `(select c.code || ' ' || c.title from programme_courses c where c.id = coalesce(
  (select to_jsonb(r) ->> 'course_id')::int,
  (select i.course_id from learning_items i where i.id = (to_jsonb(r) ->> 'item_id')::int),
  (select u.course_id from learning_units u where u.id = (to_jsonb(r) ->> 'unit_id')::int)))`;

export const USER_REFERENCES: Readonly<Record<string, ReferencePolicy>> = {
  'user_roles.user_id': { kind: 'move-dedupe', label: 'Roles' },
  'user_clcs.user_id': { kind: 'move-dedupe', label: 'CLCs' },
  'student_profiles.user_id': { kind: 'profile', label: 'Student profile' },
  'enrolments.user_id': {
    kind: 'move',
    label: 'Programmes',
    conflict:
      'Both people are in the same programme. Withdraw or remove one of the two enrolments first, so that no results or certificates are lost.',
    conflictName: `(select p.code || ' ' || p.title from programmes p where p.id = r.programme_id)`,
  },
  'class_staff.user_id': { kind: 'move-dedupe', label: 'Classes taught' },
  'files.owner_id': {
    kind: 'move',
    label: 'Files',
    conflict: 'Files cannot conflict.',
  },
  'study_breaks.created_by': {
    kind: 'move',
    label: 'Study breaks recorded',
    conflict: 'Study breaks cannot conflict.',
  },
  'course_results.entered_by': {
    kind: 'move',
    label: 'Results entered',
    conflict: 'Results cannot conflict.',
  },
  'ba_attempt_results.entered_by': {
    kind: 'move',
    label: 'Results entered (per attempt)',
    conflict: 'Results cannot conflict.',
  },
  // An earlier merge into the removed person now points at the kept one: no chains.
  'users.merged_into_id': {
    kind: 'move',
    label: 'Earlier merges',
    conflict: 'Tombstones cannot conflict.',
  },
  // A notification for the same announcement to both people is kept once (the kept person's).
  'notifications.user_id': { kind: 'move-dedupe', label: 'Notifications' },
  'announcements.created_by': {
    kind: 'move',
    label: 'Announcements written',
    conflict: 'Announcements cannot conflict.',
  },
  'support_tickets.user_id': {
    kind: 'move',
    label: 'Support issues',
    conflict: 'Support issues cannot conflict.',
  },
  'support_ticket_replies.author_id': {
    kind: 'move',
    label: 'Helpdesk replies',
    conflict: 'Helpdesk replies cannot conflict.',
  },
  'sessions.user_id': { kind: 'keep', why: 'Sign-ins are history; the merge revokes them all.' },
  'sessions.switch_user_id': {
    kind: 'keep',
    why: 'Who was impersonated in a past sign-in stays as it happened.',
  },
  'password_reset_tokens.user_id': {
    kind: 'keep',
    why: 'Open links of the removed person are spent by the merge, not moved.',
  },
  'audit_log.actor_id': { kind: 'keep', why: 'Audit rows stay as they were written.' },
  'audit_log.impersonator_id': { kind: 'keep', why: 'Audit rows stay as they were written.' },
  'mail_outbox.to_user_id': { kind: 'keep', why: 'A mail went to the address it went to.' },
  'user_merges.removed_user_id': { kind: 'keep', why: 'The merge log records who was who.' },
  'user_merges.kept_user_id': { kind: 'keep', why: 'The merge log records who was who.' },
  'user_merges.merged_by': { kind: 'keep', why: 'The merge log records who acted.' },
  'user_merges.undone_by': { kind: 'keep', why: 'The merge log records who acted.' },
  'data_cleanups.created_by': { kind: 'keep', why: 'A cleanup run records who ran it.' },
  'data_cleanups.restored_by': { kind: 'keep', why: 'A cleanup run records who restored it.' },
  // The learning model (decision 0019). Who acted stays as written. A learner's own work moves
  // to the kept person whole — attempts, grades, progress, course standing — and the grade
  // ledger records the move of each grade and course result as a transfer pair (decision 0021
  // §1.2, written by the merge after the moves); the ledger's own rows stay where written.
  'learning_units.published_by': {
    kind: 'keep',
    why: 'Who published a unit stays as it happened.',
  },
  'learning_units.closed_by': { kind: 'keep', why: 'Who closed a unit stays as it happened.' },
  'learning_item_revisions.edited_by': { kind: 'keep', why: 'A revision records who wrote it.' },
  'item_class_dates.updated_by': {
    kind: 'keep',
    why: 'Who set a class date stays as it happened.',
  },
  'course_enrolments.created_by': {
    kind: 'keep',
    why: 'Who changed a course stays as it happened.',
  },
  'course_enrolments.student_id': {
    kind: 'move',
    label: 'Course standing (dropped or additional courses)',
    conflict: WORK_CONFLICT,
    conflictName: COURSE_NAME,
  },
  'grading_schema_versions.created_by': {
    kind: 'keep',
    why: 'A schema version records its author.',
  },
  'grades.graded_by': { kind: 'keep', why: 'Who graded stays as it happened.' },
  'grades.published_by': { kind: 'keep', why: 'Who published stays as it happened.' },
  'grade_events.actor_id': { kind: 'keep', why: 'Grade events are append-only history.' },
  'grade_events.impersonator_id': { kind: 'keep', why: 'Grade events are append-only history.' },
  'grade_events.student_id': {
    kind: 'keep',
    why: 'Grade events are append-only; a moved grade gets a transfer pair instead.',
  },
  'submissions.student_id': {
    kind: 'move',
    label: 'Work handed in',
    conflict: WORK_CONFLICT,
    conflictName: COURSE_NAME,
  },
  'grades.student_id': {
    kind: 'move',
    label: 'Grades',
    conflict: WORK_CONFLICT,
    conflictName: COURSE_NAME,
  },
  'item_progress.student_id': {
    kind: 'move',
    label: 'Progress in tasks',
    conflict: WORK_CONFLICT,
    conflictName: COURSE_NAME,
  },
  'unit_progress.student_id': {
    kind: 'move',
    label: 'Progress in units',
    conflict: WORK_CONFLICT,
    conflictName: COURSE_NAME,
  },
  'course_progress.student_id': {
    kind: 'move',
    label: 'Progress in courses',
    conflict: WORK_CONFLICT,
    conflictName: COURSE_NAME,
  },
  'uploads.owner_id': { kind: 'keep', why: 'Unfinished uploads expire within a day.' },
  'similarity_matches.other_student_id': {
    kind: 'move',
    label: 'Similarity matches',
    conflict: 'Similarity matches cannot conflict.',
  },
  // Quizzes (decision 0020 §1.10).
  'quiz_attempts.student_id': {
    kind: 'move',
    label: 'Quiz attempts',
    conflict: WORK_CONFLICT,
    conflictName: COURSE_NAME,
  },
  'quiz_overrides.student_id': {
    kind: 'move',
    label: 'Quiz time and attempt overrides',
    conflict: WORK_CONFLICT,
  },
  'question_versions.created_by': { kind: 'keep', why: 'A question version records its author.' },
  'quiz_sessions.updated_by': { kind: 'keep', why: 'Who set a session stays as it happened.' },
  'quiz_overrides.updated_by': {
    kind: 'keep',
    why: 'Who granted an override stays as it happened.',
  },
  'quiz_responses.graded_by': { kind: 'keep', why: 'Who marked an answer stays as it happened.' },
  // Trainings (decision 0020 §1.10).
  'wbt_attempts.student_id': {
    kind: 'move',
    label: 'Training attempts',
    conflict: WORK_CONFLICT,
    conflictName: COURSE_NAME,
  },
  'wbt_packages.uploaded_by': { kind: 'keep', why: 'Who uploaded a package stays as it was.' },
  // Discussions (decision 0020 §1.10): authorship moves, read state and follows are links.
  'discussion_topics.author_id': {
    kind: 'move',
    label: 'Discussion topics',
    conflict: 'Topics cannot conflict.',
  },
  'discussion_posts.author_id': {
    kind: 'move',
    label: 'Discussion posts',
    conflict: 'Posts cannot conflict.',
  },
  'discussion_posts.removed_by': { kind: 'keep', why: 'A removal records who moderated.' },
  'discussion_post_revisions.edited_by': { kind: 'keep', why: 'A revision records who wrote it.' },
  'discussion_reads.user_id': { kind: 'move-dedupe', label: 'Discussions read' },
  'discussion_subscriptions.user_id': { kind: 'move-dedupe', label: 'Discussions followed' },
  // Dropout flagging (decision 0021 §3): a flag follows its enrolment, which moves.
  'dropout_flags.student_id': {
    kind: 'move',
    label: 'Dropout flags',
    conflict: 'Dropout flags cannot conflict.',
  },
  'dropout_follow_ups.done_by': {
    kind: 'keep',
    why: 'Who recorded a follow-up stays as it happened.',
  },
  // Grade requests (decision 0021 §2) name a grade, which stays with its student until the
  // merge moves grades by transfer events (slice 6); who asked and who decided stay as they were.
  // A request follows its grade, which moves with the learner's work.
  'grade_requests.student_id': {
    kind: 'move',
    label: 'Grade requests',
    conflict: 'Grade requests cannot conflict.',
  },
  'grade_requests.requested_by': { kind: 'keep', why: 'Who asked stays as it happened.' },
  'grade_requests.decided_by': { kind: 'keep', why: 'Who decided stays as it happened.' },
  'ba_cohorts.created_by': { kind: 'keep', why: 'Who created the cohort stays as it happened.' },
  'ba_cohort_imports.created_by': { kind: 'keep', why: 'Who imported stays as it happened.' },
  'ba_student_courses.changed_by': {
    kind: 'keep',
    why: 'Who changed the course status stays as it happened.',
  },
  'ba_classrooms.closed_by': {
    kind: 'keep',
    why: 'Who closed the classroom stays as it happened.',
  },
  'grade_conversions.created_by': {
    kind: 'keep',
    why: 'Who wrote the conversion table stays as it happened.',
  },
  'ba_transfers.proposed_by': {
    kind: 'keep',
    why: 'Who proposed the transfer stays as it happened.',
  },
  'ba_transfers.decided_by': {
    kind: 'keep',
    why: 'Who decided the transfer stays as it happened.',
  },
  'ba_credit_ledger.approved_by': {
    kind: 'keep',
    why: 'The ledger is append-only: its approver stays as written.',
  },
  'ba_verifications.approved_by': {
    kind: 'keep',
    why: 'An approval signs what its approver saw; it stays as it happened.',
  },
  'ba_export_batches.created_by': { kind: 'keep', why: 'Who exported stays as it happened.' },
  'ba_export_statuses.changed_by': {
    kind: 'keep',
    why: 'Who changed the export status stays as it happened.',
  },
  'api_tokens.created_by': { kind: 'keep', why: 'Who created the token stays as it happened.' },
  'api_tokens.revoked_by': { kind: 'keep', why: 'Who revoked the token stays as it happened.' },
  'api_tokens.user_id': {
    kind: 'move',
    label: 'Integration tokens',
    conflict: 'Tokens cannot conflict.',
  },
  'learner_sync_marks.student_id': {
    kind: 'keep',
    why: 'Empty until the offline outbox writes it; its merge policy comes with the outbox.',
  },
};

export type Reference = { table: string; column: string; policy: ReferencePolicy };

/** The references in the order a merge handles them (and an undo reverses). */
export const REFERENCES: readonly Reference[] = Object.entries(USER_REFERENCES).map(
  ([key, policy]) => {
    const [table = '', column = ''] = key.split('.');
    return { table, column, policy };
  },
);
