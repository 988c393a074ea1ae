import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  COURSE_ENROLMENT_SOURCES,
  COURSE_ENROLMENT_STATUSES,
  GRADE_EVENT_ACTIONS,
  GRADE_EVENT_SUBJECTS,
  GRADE_OUTCOMES,
  ITEM_KINDS_LIST,
  PROGRESS_SOURCES,
  SUBMISSION_STATUSES,
  TASK_DELIVERIES,
  TASK_GRADINGS,
  UNIT_STATUSES,
  UPLOAD_PURPOSES,
} from '@lantern/contracts/learning-enums';
import { GRADE_REQUEST_KINDS, GRADE_REQUEST_STATES } from '@lantern/contracts/grade-requests';
import { users } from './people';
import { files } from './operations';
import { classes, enrolments, gradingSchemas, programmeCourses } from './programmes';

// The learning model of decision 0019: course (programme_courses) → learning unit → item, with
// submissions (attempts), grades (a projection of append-only grade events) and progress kept in
// the same transaction as what changes it. Tracking tables have bigint keys; content keeps
// integer ids, never reused, with versions and tombstones so a device can sync "changed since".

export const unitStatusEnum = pgEnum('learning_unit_status', UNIT_STATUSES);
export const itemKindEnum = pgEnum('learning_item_kind', ITEM_KINDS_LIST);
export const taskDeliveryEnum = pgEnum('task_delivery', TASK_DELIVERIES);
export const taskGradingEnum = pgEnum('task_grading', TASK_GRADINGS);
export const submissionStatusEnum = pgEnum('submission_status', SUBMISSION_STATUSES);
export const gradeOutcomeEnum = pgEnum('grade_outcome', GRADE_OUTCOMES);
export const gradeEventActionEnum = pgEnum('grade_event_action', GRADE_EVENT_ACTIONS);
export const gradeEventSubjectEnum = pgEnum('grade_event_subject', GRADE_EVENT_SUBJECTS);
export const progressSourceEnum = pgEnum('progress_source', PROGRESS_SOURCES);
export const gradeRequestKindEnum = pgEnum('grade_request_kind', GRADE_REQUEST_KINDS);
export const gradeRequestStateEnum = pgEnum('grade_request_state', GRADE_REQUEST_STATES);
export const courseEnrolmentSourceEnum = pgEnum(
  'course_enrolment_source',
  COURSE_ENROLMENT_SOURCES,
);
export const courseEnrolmentStatusEnum = pgEnum(
  'course_enrolment_status',
  COURSE_ENROLMENT_STATUSES,
);
export const uploadPurposeEnum = pgEnum('upload_purpose', UPLOAD_PURPOSES);

const tz = (name: string) => timestamp(name, { withTimezone: true });
const stamps = {
  version: integer('version').notNull().default(1),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
};
const userRef = (name: string) =>
  integer(name).references(() => users.jwlId, { onDelete: 'set null' });

/** A learning unit of a course (never the course's credit `units`, decision 0008). */
export const learningUnits = pgTable(
  'learning_units',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    summary: text('summary').notNull().default(''),
    position: integer('position').notNull().default(0),
    status: unitStatusEnum('status').notNull().default('draft'),
    /** Released to learners from then; null: as soon as it is published. */
    opensAt: tz('opens_at'),
    publishedAt: tz('published_at'),
    publishedBy: userRef('published_by'),
    closedAt: tz('closed_at'),
    closedBy: userRef('closed_by'),
    copiedFromUnitId: integer('copied_from_unit_id'),
    deletedAt: tz('deleted_at'),
    ...stamps,
  },
  (t) => [
    index('learning_units_course_idx')
      .on(t.courseId, t.position)
      .where(sql`${t.deletedAt} is null`),
    check('learning_units_title_check', sql`length(${t.title}) between 1 and 200`),
  ],
);

/** An item of a unit: a resource or a task; its kind's settings live in `settings`. */
export const learningItems = pgTable(
  'learning_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => learningUnits.id, { onDelete: 'cascade' }),
    /** The unit's course, never changed: an item moves only within its course. */
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    kind: itemKindEnum('kind').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML: a resource's text or a task's instructions. */
    body: text('body').notNull().default(''),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    position: integer('position').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: tz('published_at'),
    visibleFrom: tz('visible_from'),
    delivery: taskDeliveryEnum('delivery'),
    maxPoints: numeric('max_points', { precision: 7, scale: 2, mode: 'number' }),
    grading: taskGradingEnum('grading'),
    rubric: jsonb('rubric').$type<unknown[]>(),
    weight: numeric('weight', { precision: 6, scale: 3, mode: 'number' }),
    dueAt: tz('due_at'),
    /** Nothing after it; null: late work is taken while the unit is open. */
    lateUntil: tz('late_until'),
    countsForProgress: boolean('counts_for_progress').notNull().default(true),
    copiedFromItemId: integer('copied_from_item_id'),
    deletedAt: tz('deleted_at'),
    ...stamps,
  },
  (t) => [
    index('learning_items_unit_idx')
      .on(t.unitId, t.position)
      .where(sql`${t.deletedAt} is null`),
    // The grade book's columns: a course's graded items.
    index('learning_items_graded_idx')
      .on(t.courseId, t.id)
      .where(sql`${t.maxPoints} is not null and ${t.deletedAt} is null`),
    check('learning_items_title_check', sql`length(${t.title}) between 1 and 200`),
    check('learning_items_settings_check', sql`jsonb_typeof(${t.settings}) = 'object'`),
    check('learning_items_graded_check', sql`(${t.delivery} is null) = (${t.maxPoints} is null)`),
    check(
      'learning_items_points_check',
      sql`${t.maxPoints} is null or (${t.maxPoints} > 0 and ${t.maxPoints} <= 10000)`,
    ),
    check(
      'learning_items_late_check',
      sql`${t.lateUntil} is null or ${t.dueAt} is null or ${t.lateUntil} >= ${t.dueAt}`,
    ),
  ],
);

/** Every content save of an item, so an answer is read against the prompt it answered. */
export const learningItemRevisions = pgTable(
  'learning_item_revisions',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The item's content at that version: title, body, settings, points, grading, rubric, dates. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    editedBy: userRef('edited_by'),
    editedAt: tz('edited_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.version] })],
);

/** A class's own dates for an item; null columns mean "as the item". */
export const itemClassDates = pgTable(
  'item_class_dates',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    visibleFrom: tz('visible_from'),
    dueAt: tz('due_at'),
    lateUntil: tz('late_until'),
    version: integer('version').notNull().default(1),
    updatedBy: userRef('updated_by'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.classId] }),
    index('item_class_dates_class_idx').on(t.classId),
  ],
);

/**
 * A learner's own standing in one course, where it differs from their programme's: a course
 * dropped (source programme, status dropped) or an additional course (source additional).
 */
export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    source: courseEnrolmentSourceEnum('source').notNull(),
    status: courseEnrolmentStatusEnum('status').notNull().default('active'),
    /** For an additional course: the class the learner joins for it. */
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdBy: userRef('created_by'),
    ...stamps,
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.studentId] }),
    index('course_enrolments_student_idx').on(t.studentId),
  ],
);

/** An attempt at a task: a draft until submitted; every attempt is kept. */
export const submissions = pgTable(
  'submissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Made by the device for the draft (a resend is a duplicate), else by the server. */
    clientId: uuid('client_id').notNull().defaultRandom(),
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    attempt: smallint('attempt').notNull().default(1),
    status: submissionStatusEnum('status').notNull().default('draft'),
    isLatest: boolean('is_latest').notNull().default(true),
    /** Plain text (answers are not rich text). */
    text: text('text'),
    wordCount: integer('word_count').notNull().default(0),
    itemVersion: integer('item_version').notNull(),
    late: boolean('late').notNull().default(false),
    submittedAt: tz('submitted_at'),
    /** The device's clock when it saved (offline use later). */
    clientSavedAt: tz('client_saved_at'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('submissions_client_key').on(t.clientId),
    uniqueIndex('submissions_attempt_key').on(t.itemId, t.studentId, t.attempt),
    uniqueIndex('submissions_latest_key')
      .on(t.itemId, t.studentId)
      .where(sql`${t.isLatest}`),
    uniqueIndex('submissions_draft_key')
      .on(t.itemId, t.studentId)
      .where(sql`${t.status} = 'draft'`),
    index('submissions_student_idx')
      .on(t.studentId, t.courseId, t.itemId)
      .where(sql`${t.isLatest}`),
    index('submissions_queue_idx')
      .on(t.itemId, t.submittedAt)
      .where(sql`${t.status} = 'submitted' and ${t.isLatest}`),
    check('submissions_attempt_check', sql`${t.attempt} >= 1`),
    check(
      'submissions_submitted_check',
      sql`(${t.status} = 'submitted') = (${t.submittedAt} is not null)`,
    ),
    check('submissions_text_check', sql`${t.text} is null or length(${t.text}) <= 200000`),
  ],
);

/** The files of an attempt. */
export const submissionFiles = pgTable(
  'submission_files',
  {
    submissionId: bigint('submission_id', { mode: 'number' })
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    /** The original name, cleaned. */
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    addedAt: tz('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.fileId] }),
    index('submission_files_file_idx').on(t.fileId),
  ],
);

/** A grading schema as it was at each version: a grade records the version it was given under. */
export const gradingSchemaVersions = pgTable(
  'grading_schema_versions',
  {
    gradingSchemaId: integer('grading_schema_id')
      .notNull()
      .references(() => gradingSchemas.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    scaleMax: numeric('scale_max', { mode: 'number' }).notNull(),
    passMark: numeric('pass_mark', { mode: 'number' }).notNull(),
    bands: jsonb('bands').$type<{ label: string; min: number }[]>().notNull().default([]),
    createdBy: userRef('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gradingSchemaId, t.version] })],
);

/** The current grade of a task for a learner: keyed by (task, student), never by class. */
export const grades = pgTable(
  'grades',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    /** The attempt judged; null when entered without one (an onsite presentation). */
    submissionId: bigint('submission_id', { mode: 'number' }).references(() => submissions.id, {
      onDelete: 'set null',
    }),
    outcome: gradeOutcomeEnum('outcome').notNull().default('graded'),
    points: numeric('points', { precision: 7, scale: 2, mode: 'number' }),
    comment: text('comment'),
    rubricScores: jsonb('rubric_scores').$type<Record<string, string>>(),
    isPublished: boolean('is_published').notNull().default(false),
    maxPoints: numeric('max_points', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    gradingSchemaId: integer('grading_schema_id'),
    gradingSchemaVersion: integer('grading_schema_version'),
    itemVersion: integer('item_version').notNull(),
    gradedBy: userRef('graded_by'),
    gradedAt: tz('graded_at').notNull().defaultNow(),
    publishedBy: userRef('published_by'),
    publishedAt: tz('published_at'),
    /**
     * When the learner's own read first returned the grade published (decision 0021 §2.5): an
     * approved undo then tells them their grade is under review. Cleared by an unpublish.
     */
    learnerSeenAt: tz('learner_seen_at'),
    version: integer('version').notNull().default(1),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.studentId] }),
    index('grades_student_idx').on(t.studentId, t.itemId),
    index('grades_course_idx').on(t.courseId, t.studentId),
    check(
      'grades_points_check',
      sql`${t.points} is null or (${t.points} >= 0 and ${t.points} <= ${t.maxPoints})`,
    ),
    check('grades_graded_check', sql`${t.outcome} <> 'graded' or ${t.points} is not null`),
    check('grades_comment_check', sql`${t.comment} is null or length(${t.comment}) <= 10000`),
  ],
);

/**
 * The grade ledger (decision 0021): every change of a task grade or a course result, append-only
 * (a trigger refuses update, delete and truncate). Nothing is ever pruned.
 */
export const gradeEvents = pgTable(
  'grade_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subject: gradeEventSubjectEnum('subject').notNull().default('task'),
    /** The task; null for a course result. */
    itemId: integer('item_id'),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId),
    courseId: integer('course_id').notNull(),
    /** The enrolment a course result belongs to; null for a task. */
    enrolmentId: integer('enrolment_id'),
    /** A bachelor course result: the attempt (`ba_student_courses`) it was given in. */
    studentCourseId: integer('student_course_id'),
    submissionId: bigint('submission_id', { mode: 'number' }),
    action: gradeEventActionEnum('action').notNull(),
    oldPoints: numeric('old_points', { precision: 7, scale: 2, mode: 'number' }),
    newPoints: numeric('new_points', { precision: 7, scale: 2, mode: 'number' }),
    oldOutcome: gradeOutcomeEnum('old_outcome'),
    newOutcome: gradeOutcomeEnum('new_outcome'),
    oldPublished: boolean('old_published'),
    newPublished: boolean('new_published').notNull(),
    /** The comment, when this event changed it. */
    comment: text('comment'),
    rubricScores: jsonb('rubric_scores').$type<Record<string, string>>(),
    /** A task's maximum, or the grading schema's scale for a course result, at the time. */
    maxPoints: numeric('max_points', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    gradingSchemaId: integer('grading_schema_id'),
    gradingSchemaVersion: integer('grading_schema_version'),
    /** The task's version; null for a course result. */
    itemVersion: integer('item_version'),
    /** The grade's version after this event. */
    gradeVersion: integer('grade_version').notNull(),
    actorId: integer('actor_id').references(() => users.jwlId),
    impersonatorId: integer('impersonator_id').references(() => users.jwlId),
    reason: text('reason'),
    /** The request that caused it (issue 17). */
    requestId: bigint('request_id', { mode: 'number' }).references(() => gradeRequests.id),
    /** Whether it carries text (comment, reason, rubric): the history reads those rows only. */
    hasText: boolean('has_text').generatedAlwaysAs(
      sql`comment is not null or reason is not null or rubric_scores is not null`,
    ),
    // The clock after the row lock, not the transaction's start: per grade, `at` grows with `id`.
    at: tz('at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    // Made covering by migration 0020 (`include` every fixed-width column and `has_text`; Drizzle
    // cannot say INCLUDE): a student's history is an index-only scan (decision 0021).
    index('grade_events_student_idx').on(t.studentId, t.id),
    index('grade_events_item_idx').on(t.itemId, t.studentId, t.id),
    index('grade_events_course_idx').on(t.courseId, t.id),
    check(
      'grade_events_subject_check',
      sql`(${t.subject} = 'task') = (${t.itemId} is not null and ${t.itemVersion} is not null)`,
    ),
    check(
      'grade_events_enrolment_check',
      sql`(${t.subject} = 'course_result') = (${t.enrolmentId} is not null)`,
    ),
  ],
);

/**
 * An undo-publish or grade-change request (decision 0021 §2): asked by a grader, decided by
 * another person; an approval applies it through the ledger with the request's id.
 */
export const gradeRequests = pgTable(
  'grade_requests',
  {
    // An integer, as notifications.undo_publish_request_id (spec §3) is.
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: gradeRequestKindEnum('kind').notNull(),
    subject: gradeEventSubjectEnum('subject').notNull().default('task'),
    /** The task; null for a course result. */
    itemId: integer('item_id').references(() => learningItems.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    /** The enrolment of a course result; null for a task. */
    enrolmentId: integer('enrolment_id').references(() => enrolments.id, { onDelete: 'cascade' }),
    /** The grade's version the requester saw; approving needs it unchanged. */
    gradeVersion: integer('grade_version').notNull(),
    fromPoints: numeric('from_points', { precision: 7, scale: 2, mode: 'number' }),
    fromOutcome: gradeOutcomeEnum('from_outcome'),
    /** A task's maximum, or the scale's for a result, when asked. */
    maxPoints: numeric('max_points', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    toPoints: numeric('to_points', { precision: 7, scale: 2, mode: 'number' }),
    toOutcome: gradeOutcomeEnum('to_outcome'),
    toComment: text('to_comment'),
    reason: text('reason').notNull(),
    state: gradeRequestStateEnum('state').notNull().default('open'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.jwlId),
    requestedAt: tz('requested_at').notNull().defaultNow(),
    decidedBy: userRef('decided_by'),
    decidedAt: tz('decided_at'),
    decisionNote: text('decision_note'),
    /** The task's ledger event the approval wrote. */
    appliedEventId: bigint('applied_event_id', { mode: 'number' }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // One open request per grade: a second is refused with the first one's number.
    uniqueIndex('grade_requests_open_key')
      .on(t.courseId, t.studentId, sql`coalesce(${t.itemId}, 0)`)
      .where(sql`${t.state} = 'open'`),
    index('grade_requests_course_idx').on(t.courseId, t.state, t.id),
    index('grade_requests_requested_by_idx').on(t.requestedBy, t.state, t.id),
    index('grade_requests_student_idx').on(t.studentId, t.id),
    check(
      'grade_requests_subject_check',
      sql`(${t.subject} = 'task') = (${t.itemId} is not null) and (${t.subject} = 'course_result') = (${t.enrolmentId} is not null)`,
    ),
    check(
      'grade_requests_reason_check',
      sql`length(${t.reason}) between 1 and 2000 and (${t.decisionNote} is null or length(${t.decisionNote}) <= 2000)`,
    ),
    check(
      'grade_requests_decided_check',
      sql`(${t.state} = 'open') = (${t.decidedAt} is null) and (${t.state} <> 'declined' or ${t.decisionNote} is not null)`,
    ),
  ],
);

/** That an item counts as done for a learner (marked, or an attempt submitted). */
export const itemProgress = pgTable(
  'item_progress',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => learningItems.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    unitId: integer('unit_id').notNull(),
    completedAt: tz('completed_at').notNull().defaultNow(),
    source: progressSourceEnum('source').notNull(),
    /** Made by the device for the event, so a resend is a duplicate (offline use later). */
    clientEventId: uuid('client_event_id'),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.itemId] }),
    index('item_progress_item_idx').on(t.itemId),
  ],
);

/** A learner's counters in a unit, written with the event that changes them. */
export const unitProgress = pgTable(
  'unit_progress',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => learningUnits.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    itemsDone: integer('items_done').notNull().default(0),
    lastActivityAt: tz('last_activity_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.unitId] }),
    index('unit_progress_unit_idx').on(t.unitId),
    check('unit_progress_done_check', sql`${t.itemsDone} >= 0`),
  ],
);

/** A learner's counters in a course, written with the event that changes them. */
export const courseProgress = pgTable(
  'course_progress',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    itemsDone: integer('items_done').notNull().default(0),
    tasksSubmitted: integer('tasks_submitted').notNull().default(0),
    tasksGraded: integer('tasks_graded').notNull().default(0),
    pointsPublished: numeric('points_published', { precision: 10, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    weightedPublished: numeric('weighted_published', { precision: 12, scale: 6, mode: 'number' })
      .notNull()
      .default(0),
    lastActivityAt: tz('last_activity_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.courseId] }),
    index('course_progress_course_idx').on(t.courseId, t.studentId),
    check(
      'course_progress_counts_check',
      sql`${t.itemsDone} >= 0 and ${t.tasksSubmitted} >= 0 and ${t.tasksGraded} >= 0`,
    ),
  ],
);

/**
 * A resumable upload (tus): its state lives here, not in a node's memory, so any node can take
 * the next part. A PATCH takes the lease with one short UPDATE; no transaction stays open.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    purpose: uploadPurposeEnum('purpose').notNull(),
    itemId: integer('item_id').references(() => learningItems.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => programmeCourses.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    declaredSize: bigint('declared_size', { mode: 'number' }).notNull(),
    offset: bigint('offset', { mode: 'number' }).notNull().default(0),
    storageKey: text('storage_key').notNull(),
    leaseToken: uuid('lease_token'),
    leaseUntil: tz('lease_until'),
    completedAt: tz('completed_at'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    expiresAt: tz('expires_at').notNull(),
    ...stamps,
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerId, t.createdAt),
    index('uploads_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.completedAt} is null`),
    // Deleting a file sets this column null (the foreign key's action) and the sweep of unused
    // files deletes them: without it each deletion reads the whole table.
    index('uploads_file_idx')
      .on(t.fileId)
      .where(sql`${t.fileId} is not null`),
    check('uploads_offset_check', sql`${t.offset} >= 0 and ${t.offset} <= ${t.declaredSize}`),
  ],
);
