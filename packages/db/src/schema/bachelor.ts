// The bachelor model (docs/decisions/0022). A bachelor student is an `enrolments` row of a
// bachelor programme (states and actions of 0006, breaks of 0007); what a bachelor adds is
// here: cohorts, terms and what they offer, each student's courses per term, the credit ledger,
// transfers, verification and exports. Classrooms are `classes` rows of an offering.
// The tables live in bachelor/ by group; drizzle-kit reads them through this file (its schema
// glob takes src/schema/*.ts only), so each table is seen once.

export {
  termSeasonEnum,
  offeringKindEnum,
  courseStatusEnum,
  exportStatusEnum,
  verificationLevelEnum,
  creditEntryKindEnum,
  transferKindEnum,
  transferStateEnum,
} from './bachelor/enums';
export { baCohorts, baCohortMembers, baCohortImports } from './bachelor/cohorts';
export {
  baTerms,
  baOfferings,
  baStudentCourses,
  baAttemptResults,
  baClassrooms,
} from './bachelor/terms';
export { gradeConversions, baTransfers, baCreditLedger } from './bachelor/credits';
export {
  baVerifications,
  baExportBatches,
  baExportStatuses,
  apiTokens,
} from './bachelor/verification';
