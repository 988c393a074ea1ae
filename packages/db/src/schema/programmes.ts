import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ENROLMENT_STATES,
  PROGRAMME_STATUSES,
  PROGRAMME_TYPES,
} from '@lantern/contracts/programme';
import { CLASS_STAFF_KINDS } from '@lantern/contracts/classes';
import { COURSE_RESULT_SOURCES } from '@lantern/contracts/learning-enums';
import { clcs, users } from './people';
import { files } from './operations';

export const programmeTypeEnum = pgEnum('programme_type', PROGRAMME_TYPES);
export const programmeStatusEnum = pgEnum('programme_status', PROGRAMME_STATUSES);
export const enrolmentStateEnum = pgEnum('enrolment_state', ENROLMENT_STATES);
export const classStaffKindEnum = pgEnum('class_staff_kind', CLASS_STAFF_KINDS);
export const courseResultSourceEnum = pgEnum('course_result_source', COURSE_RESULT_SOURCES);

const stamps = {
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** How a programme's course results become an outcome: a scale, a pass mark, named bands. */
export const gradingSchemas = pgTable(
  'grading_schemas',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    scaleMax: numeric('scale_max', { mode: 'number' }).notNull(),
    passMark: numeric('pass_mark', { mode: 'number' }).notNull(),
    /** [{ label, min }], highest first. */
    bands: jsonb('bands').$type<{ label: string; min: number }[]>().notNull().default([]),
    ...stamps,
  },
  (t) => [uniqueIndex('grading_schemas_name_key').on(sql`lower(${t.name})`)],
);

/** A programme of any type (spec §1); the professional-certificate screens come first. */
export const programmes = pgTable(
  'programmes',
  {
    id: serial('id').primaryKey(),
    type: programmeTypeEnum('type').notNull(),
    code: text('code').notNull(),
    internalName: text('internal_name').notNull(),
    title: text('title').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    status: programmeStatusEnum('status').notNull().default('new'),
    gradingSchemaId: integer('grading_schema_id').references(() => gradingSchemas.id),
    certifyingUniversity: text('certifying_university'),
    certificateText: text('certificate_text'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('programmes_type_code_key').on(t.type, t.code),
    index('programmes_type_start_idx').on(t.type, t.startDate),
    check('programmes_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** The CLCs that offer a programme. */
export const programmeClcs = pgTable(
  'programme_clcs',
  {
    programmeId: integer('programme_id')
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    clcId: integer('clc_id')
      .notNull()
      .references(() => clcs.id),
  },
  (t) => [
    primaryKey({ columns: [t.programmeId, t.clcId] }),
    index('programme_clcs_clc_idx').on(t.clcId),
  ],
);

export const programmeCourses = pgTable(
  'programme_courses',
  {
    id: serial('id').primaryKey(),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    title: text('title').notNull(),
    /** Credit weight (decision 0008); learning units are `learning_units`. */
    units: integer('units').notNull(),
    position: integer('position').notNull().default(0),
    /** Sanitised HTML (SYLLABUS__EDIT). */
    syllabus: text('syllabus').notNull().default(''),
    /** `points`: Σ points ÷ Σ max; `weights`: each task's share weighted (decision 0019). */
    gradeWeighting: text('grade_weighting').notNull().default('points'),
    /** Raised by every authoring write in the course: the ETag of its outline. */
    contentVersion: integer('content_version').notNull().default(1),
    copiedFromCourseId: integer('copied_from_course_id'),
  },
  (t) => [uniqueIndex('programme_courses_code_key').on(t.programmeId, sql`lower(${t.code})`)],
);

/** A class of a programme at one CLC: students, with facilitators onsite and faculty online. */
export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    clcId: integer('clc_id')
      .notNull()
      .references(() => clcs.id),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull().default(15),
    ...stamps,
  },
  (t) => [uniqueIndex('classes_name_key').on(t.programmeId, t.name)],
);

export const classStaff = pgTable(
  'class_staff',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    kind: classStaffKindEnum('kind').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.userId] }),
    index('class_staff_user_idx').on(t.userId),
  ],
);

/** A person in a programme: an applicant, then a student (spec §4 states). */
export const enrolments = pgTable(
  'enrolments',
  {
    id: serial('id').primaryKey(),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.jwlId, { onDelete: 'cascade' }),
    clcId: integer('clc_id').references(() => clcs.id),
    state: enrolmentStateEnum('state').notNull().default('applied'),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    /** Placed in the class by hand: a re-distribution keeps it unless asked otherwise. */
    placedManually: boolean('placed_manually').notNull().default(false),
    /** The reason given with the last state change. */
    reason: text('reason'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('enrolments_programme_user_key').on(t.programmeId, t.userId),
    index('enrolments_user_idx').on(t.userId),
    index('enrolments_programme_state_idx').on(t.programmeId, t.state),
    index('enrolments_class_idx').on(t.classId),
  ],
);

/** A study break: the student stays active and returns at its end. */
export const studyBreaks = pgTable(
  'study_breaks',
  {
    id: serial('id').primaryKey(),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    reason: text('reason'),
    createdBy: integer('created_by').references(() => users.jwlId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('study_breaks_enrolment_idx').on(t.enrolmentId, t.startsOn),
    check('study_breaks_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/**
 * A student's result in one course of their programme, on the grading schema's scale: the
 * projection of its course-result events in `grade_events` (decision 0021), written only by
 * `applyResultEvent`.
 */
export const courseResults = pgTable(
  'course_results',
  {
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => programmeCourses.id, { onDelete: 'cascade' }),
    score: numeric('score', { mode: 'number' }).notNull(),
    enteredBy: integer('entered_by').references(() => users.jwlId, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Entered on the finish page, or copied from the grade book when the programme finished. */
    source: courseResultSourceEnum('source').notNull().default('entered'),
    /** Final since the programme finished: it changes only by a grade-change request then. */
    isFinal: boolean('is_final').notNull().default(false),
    gradingSchemaId: integer('grading_schema_id'),
    gradingSchemaVersion: integer('grading_schema_version'),
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.enrolmentId, t.courseId] })],
);

/**
 * An issued certificate: what it said when issued (so a later edit of the programme does not
 * change a certificate in someone's hands), and the code that verifies it.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    studentName: text('student_name').notNull(),
    programmeTitle: text('programme_title').notNull(),
    certificateText: text('certificate_text').notNull(),
    certifyingUniversity: text('certifying_university').notNull(),
    clcName: text('clc_name').notNull(),
    signeeName: text('signee_name'),
    signeeTitle: text('signee_title'),
    issuedOn: date('issued_on').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certificates_code_key').on(t.code),
    // One valid certificate per enrolment; a revoked one stays beside its re-issue (0021 §2.3).
    uniqueIndex('certificates_enrolment_key')
      .on(t.enrolmentId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/** A mail that goes out on a programme event (spec §2 automatic-mail). */
export const automaticMails = pgTable(
  'automatic_mails',
  {
    id: serial('id').primaryKey(),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The state that triggers it (for state-change events); null: any. */
    eventStatus: text('event_status'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    recipientRole: text('recipient_role').notNull(),
    published: boolean('published').notNull().default(false),
    ...stamps,
  },
  (t) => [index('automatic_mails_programme_idx').on(t.programmeId, t.eventType)],
);
