// The learning model of decision 0019: course (programme_courses) → learning unit → item, with
// submissions (attempts), grades (a projection of append-only grade events) and progress kept in
// the same transaction as what changes it. Tracking tables have bigint keys; content keeps
// integer ids, never reused, with versions and tombstones so a device can sync "changed since".
// The tables live in learning/ by group; drizzle-kit reads them through this file (its schema
// glob takes src/schema/*.ts only), so each table is seen once.

export {
  unitStatusEnum,
  itemKindEnum,
  taskDeliveryEnum,
  taskGradingEnum,
  submissionStatusEnum,
  gradeOutcomeEnum,
  gradeEventActionEnum,
  gradeEventSubjectEnum,
  progressSourceEnum,
  gradeRequestKindEnum,
  gradeRequestStateEnum,
  courseEnrolmentSourceEnum,
  courseEnrolmentStatusEnum,
  uploadPurposeEnum,
} from './learning/enums';
export {
  learningUnits,
  learningItems,
  learningItemRevisions,
  itemClassDates,
  courseEnrolments,
} from './learning/content';
export { submissions, submissionFiles, uploads } from './learning/submissions';
export { gradingSchemaVersions, grades, gradeEvents, gradeRequests } from './learning/grades';
export { itemProgress, unitProgress, courseProgress } from './learning/progress';
