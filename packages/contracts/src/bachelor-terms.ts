import { z } from 'zod';
import {
  COURSE_STATUS_ACTION_KEYS,
  COURSE_STATUSES,
  OFFERING_KINDS,
  TERMS,
  termKeySchema,
  termYearSchema,
} from './bachelor';
import { CLASS_STAFF_KINDS } from './classes';
import { VALIDATION } from './messages';
import { ENROLMENT_STATES } from './programme';

/**
 * Terms, offerings, student courses and classrooms of a bachelor programme (docs/decisions/0022,
 * "As built: terms and student courses"). The web forms and the server validate with these.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const version = z.number().int().positive();
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: VALIDATION.date })
  .refine((s) => !Number.isNaN(Date.parse(s)), { error: VALIDATION.date });
const capacity = z
  .number({ error: 'Capacity is a number from 1 to 500' })
  .int('Capacity is a number from 1 to 500')
  .min(1, 'Capacity is a number from 1 to 500')
  .max(500, 'Capacity is a number from 1 to 500');
const name = z.string().trim().min(1, VALIDATION.required).max(120, 'At most 120 characters');

export const termInputSchema = z.object({
  year: z
    .number({ error: 'A year is written like 2026' })
    .int('A year is written like 2026')
    .min(2000, 'A year is written like 2026')
    .max(2100, 'A year is written like 2026'),
  season: z.enum(TERMS, { error: VALIDATION.select }),
  name,
  startDate: isoDate,
  weeks: z
    .number({ error: 'Weeks is a number from 1 to 52' })
    .int('Weeks is a number from 1 to 52')
    .min(1, 'Weeks is a number from 1 to 52')
    .max(52, 'Weeks is a number from 1 to 52'),
});
export type TermInput = z.infer<typeof termInputSchema>;
export const termUpdateSchema = termInputSchema
  .omit({ year: true, season: true })
  .extend({ version });
export type TermUpdate = z.infer<typeof termUpdateSchema>;

export const offeringSchema = z.object({
  id: z.number(),
  kind: z.enum(OFFERING_KINDS),
  courseId: z.number(),
  courseCode: z.string(),
  /** The course's title, or an internship's own. */
  title: z.string(),
  capacity: z.number(),
  /** Students placed in it (any course status). */
  placed: z.number(),
  classrooms: z.number(),
  version: z.number(),
});
export type Offering = z.infer<typeof offeringSchema>;

export const termSchema = z.object({
  id: z.number(),
  key: z.string(),
  year: z.number(),
  season: z.enum(TERMS),
  name: z.string(),
  startDate: z.string(),
  weeks: z.number(),
  version: z.number(),
  students: z.number(),
  offerings: z.array(offeringSchema),
});
export type Term = z.infer<typeof termSchema>;
export const termListSchema = z.object({ year: z.number(), terms: z.array(termSchema) });
export type TermList = z.infer<typeof termListSchema>;

export const offeringInputSchema = z.object({
  courseId: id,
  capacity,
});
export type OfferingInput = z.infer<typeof offeringInputSchema>;
export const internshipInputSchema = z.object({
  title: name,
  courseId: id,
  capacity,
});
export type InternshipInput = z.infer<typeof internshipInputSchema>;
export const offeringUpdateSchema = z.object({ capacity, version });
export type OfferingUpdate = z.infer<typeof offeringUpdateSchema>;

/** Places active students of the programme in an offering. */
export const placeInputSchema = z.object({
  enrolmentIds: z
    .array(id)
    .min(1, 'Choose at least one student')
    .max(500, 'At most 500 students at once'),
});
export type PlaceInput = z.infer<typeof placeInputSchema>;
export const placedSchema = z.object({ placed: z.number(), alreadyPlaced: z.number() });

export const STUDENT_COURSE_SORTS = ['name', 'course', 'status', 'clc', 'jwlId'] as const;
export const STUDENT_COURSE_SORT_LABELS: Record<(typeof STUDENT_COURSE_SORTS)[number], string> = {
  name: 'Name',
  course: 'Course',
  status: 'Status',
  clc: 'CLC',
  jwlId: 'JWL ID',
};
const pageMessage = 'Choose a page from 1 to 10,000.';
export const studentCourseQuerySchema = z.object({
  termKey: termKeySchema.optional(),
  /** Without a term: every term of this year. */
  year: termYearSchema.optional(),
  /** Courses or internships (`students/internship`). */
  kind: z.enum(OFFERING_KINDS, { error: VALIDATION.select }).default('course'),
  q: z.string().trim().max(100, 'At most 100 characters').optional(),
  status: z.enum(COURSE_STATUSES, { error: VALIDATION.select }).optional(),
  courseId: id.optional(),
  clcId: id.optional(),
  sort: z.enum(STUDENT_COURSE_SORTS, { error: VALIDATION.select }).default('name'),
  dir: z.enum(['asc', 'desc'], { error: VALIDATION.select }).default('asc'),
  page: z.coerce
    .number({ error: pageMessage })
    .int(pageMessage)
    .min(1, pageMessage)
    .max(10_000, pageMessage)
    .default(1),
  limit: z.coerce
    .number({ error: 'Choose 1 to 100 rows a page.' })
    .int('Choose 1 to 100 rows a page.')
    .min(1, 'Choose 1 to 100 rows a page.')
    .max(100, 'Choose 1 to 100 rows a page.')
    .default(50),
});
export type StudentCourseQuery = z.input<typeof studentCourseQuerySchema>;
export const studentCourseExportQuerySchema = studentCourseQuerySchema
  .omit({ page: true, limit: true })
  .extend({ format: z.enum(['csv', 'xlsx'], { error: VALIDATION.select }).default('csv') });

export const studentCourseSchema = z.object({
  id: z.number(),
  enrolmentId: z.number(),
  jwlId: z.number(),
  student: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The student's standing in the programme (decision 0006), for the student-status actions. */
  enrolmentState: z.enum(ENROLMENT_STATES),
  clcId: z.number().nullable(),
  /** The CLC's code (files, filters). */
  clc: z.string().nullable(),
  /** The CLC's name: what people read. */
  clcName: z.string().nullable(),
  termKey: z.string(),
  offeringId: z.number(),
  kind: z.enum(OFFERING_KINDS),
  courseId: z.number(),
  courseCode: z.string(),
  title: z.string(),
  status: z.enum(COURSE_STATUSES),
  classroom: z.string().nullable(),
  classId: z.number().nullable(),
  reason: z.string().nullable(),
  /** Whether today is inside the term's drop-delete window (first two weeks). */
  inDropWindow: z.boolean(),
  version: z.number(),
});
export type StudentCourse = z.infer<typeof studentCourseSchema>;
export const studentCourseListSchema = z.object({
  rows: z.array(studentCourseSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type StudentCourseList = z.infer<typeof studentCourseListSchema>;

/** A course-status move: the action of COURSE_STATUS_ACTIONS at the version seen. */
export const statusMoveSchema = z.object({
  action: z.enum(COURSE_STATUS_ACTION_KEYS as [string, ...string[]], {
    error: VALIDATION.select,
  }),
  version,
  /** After the drop-delete window: the user confirmed, and gave a reason. */
  confirm: z.boolean().optional(),
  reason: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export type StatusMove = z.infer<typeof statusMoveSchema>;

export const classroomInputSchema = z.object({
  clcId: z.coerce
    .number({ error: 'Choose the CLC the classroom is at.' })
    .int('Choose the CLC the classroom is at.')
    .positive('Choose the CLC the classroom is at.')
    .max(2_147_483_647, 'Choose the CLC the classroom is at.'),
  name,
  capacity,
});
export type ClassroomInput = z.infer<typeof classroomInputSchema>;
export const classroomUpdateSchema = classroomInputSchema.omit({ clcId: true }).extend({ version });

export const classroomStaffSchema = z.object({
  userId: z.number(),
  /** The full name as shown; the parts as stored, for the staff picker's "family, given". */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  kind: z.enum(CLASS_STAFF_KINDS),
});
export const classroomSchema = z.object({
  id: z.number(),
  offeringId: z.number(),
  termKey: z.string(),
  courseId: z.number(),
  courseCode: z.string(),
  title: z.string(),
  name: z.string(),
  clcId: z.number(),
  /** The CLC's name, what people read (the classroom's own name usually carries its code). */
  clc: z.string(),
  capacity: z.number(),
  students: z.number(),
  closedAt: z.string().nullable(),
  staff: z.array(classroomStaffSchema),
  version: z.number(),
});
export type Classroom = z.infer<typeof classroomSchema>;
export const classroomListSchema = z.object({
  /** The course's offering in the term (what a new classroom joins); null if not offered, or
   * when the whole term's classrooms were asked for. */
  offeringId: z.number().nullable(),
  classrooms: z.array(classroomSchema),
});

export const classroomStudentSchema = z.object({
  studentCourseId: z.number(),
  enrolmentId: z.number(),
  jwlId: z.number(),
  student: z.string(),
  status: z.enum(COURSE_STATUSES),
  /** Tasks graded of the course's tasks, from the learning platform's grade book. */
  graded: z.number(),
  tasks: z.number(),
  /** The course result so far on the programme's scale (decision 0019), null without one. */
  result: z.number().nullable(),
});
export const classroomDetailSchema = classroomSchema.extend({
  roster: z.array(classroomStudentSchema),
});
export type ClassroomDetail = z.infer<typeof classroomDetailSchema>;

export const classroomPlaceSchema = z.object({
  studentCourseIds: z.array(id).min(1, 'Choose at least one student').max(500),
});
/** A classroom's staff, as the classes module sets them (facilitators, faculty, assistants). */
export { classStaffInputSchema as classroomStaffInputSchema } from './classes';

export const PAST_CLASSROOM_STATES = ['open', 'closed'] as const;
export const pastClassroomQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const pastClassroomListSchema = z.object({
  classrooms: z.array(classroomSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
