// Programmes, their students, applicants, imports and certificates (docs/decisions/0006): the
// contracts live by topic in programme-*.ts, and this module offers them all by name.
import { PROGRAMME_STATUSES, PROGRAMME_TYPES } from './enums';

export {
  PROGRAMME_TYPE_LABELS,
  PROGRAMME_TYPE_PATHS,
  PROGRAMME_STATUS_LABELS,
  PROGRAMME_ACTIONS,
  PROGRAMME_ACTION_KEYS,
  REOPEN_CERTIFICATES_WARNING,
  ENROLMENT_STATES,
  ENROLMENT_STATE_LABELS,
  ENROLMENT_ACTIONS,
  ENROLMENT_ACTION_KEYS,
  APPLICATION_STATUSES,
} from './programme-statuses';
export type {
  ProgrammeType,
  ProgrammeStatus,
  ProgrammeAction,
  EnrolmentState,
  EnrolmentAction,
} from './programme-statuses';
export {
  gradeBandSchema,
  gradingSchemaInputSchema,
  gradingSchemaSchema,
} from './programme-grading';
export type { GradingSchemaInput, GradingSchema } from './programme-grading';
export { isCalendarDay } from './programme-dates';
export {
  PROGRAMME_CODE_TEXT,
  courseInputSchema,
  programmeInputSchema,
  programmeUpdateSchema,
  courseSchema,
  enrolmentCountsSchema,
  programmeSchema,
  PROGRAMME_SORTS,
  programmeListQuerySchema,
  programmeListItemSchema,
  programmePageSchema,
  programmeTransitionSchema,
} from './programme-records';
export type {
  CourseInput,
  ProgrammeInput,
  Programme,
  ProgrammeSort,
  ProgrammeListQuery,
  ProgrammeListItem,
} from './programme-records';
export {
  studyBreakSchema,
  studyBreakInputSchema,
  enrolmentSchema,
  ENROLMENT_SORTS,
  enrolmentListQuerySchema,
  enrolmentPageSchema,
  enrolmentActionInputSchema,
  enrolmentActionResultSchema,
  studentProgrammeSchema,
  studentProgrammesSchema,
} from './programme-enrolments';
export type {
  StudyBreak,
  Enrolment,
  EnrolmentActionResult,
  StudentProgramme,
} from './programme-enrolments';
export {
  applicantPersonFields,
  applicantInputSchema,
  APPLICANT_IMPORT_COLUMNS,
  APPLICANT_IMPORT_ALIASES,
  GENDER_WORDS,
  GENDER_IMPORT_MESSAGE,
  birthDateOrJwlId,
  applicantImportRowObject,
  applicantImportRowSchema,
} from './programme-applicants';
export type { ApplicantImportColumn, ApplicantImportRow } from './programme-applicants';
export {
  IMPORT_ENCODINGS,
  IMPORT_ENCODING_LABELS,
  DATE_ORDERS,
  DATE_FORMATS,
  importQuerySchema,
  readingPersonSchema,
  READING_PEOPLE_LIMIT,
  fileReadingSchema,
  importProblemSchema,
  importReportSchema,
} from './programme-imports';
export type {
  ImportEncoding,
  DateOrder,
  ImportReadOptions,
  ReadingPerson,
  FileReading,
  ImportReport,
} from './programme-imports';
export { concentrationProgrammeSchema, concentrationsSchema } from './programme-concentrations';
export type { Concentrations } from './programme-concentrations';
export {
  CERTIFICATE_CODE_ALPHABET,
  CERTIFICATE_CODE_PATTERN,
  normaliseCertificateCode,
  certificateVerificationPath,
  CERTIFICATE_DIRECT_EXPORT_LIMIT,
  CERTIFICATE_EXPORT_FORMATS,
  CERTIFICATE_GENERATION_ERROR,
  certificateIssueInputSchema,
  certificateSummarySchema,
  certificateRowSchema,
  programmeCertificatesSchema,
  certificateExportInputSchema,
  certificateExportQuerySchema,
  certificateFailureSchema,
  CERTIFICATE_EXPORT_STATES,
  certificateExportStatusSchema,
  certificateVerificationSchema,
  certificateNotFoundSchema,
  CERTIFICATE_NOT_FOUND_TEXT,
} from './programme-certificates';
export type {
  CertificateExportFormat,
  CertificateIssueInput,
  CertificateRow,
  ProgrammeCertificates,
  CertificateExportInput,
  CertificateFailure,
  CertificateExportStatus,
  CertificateVerification,
} from './programme-certificates';

// The lists live in enums.ts, whose importers (the lms screens' contracts) do not load this
// module's schemas with them; they are exported here as well for the programme screens.
export { PROGRAMME_STATUSES, PROGRAMME_TYPES };
