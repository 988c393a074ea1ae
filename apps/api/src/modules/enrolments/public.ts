// What other modules may use of this one; everything else here is its own.
export { isConcurrentWrite, writeApplicants } from './enrolments.applicants';
export {
  duplicatesInFile,
  readApplicantRows,
  requiredApplicantColumns,
} from './enrolments-import-rows';
export type { Applicant } from './enrolments-import-rows';
export { lockForMatch, matchApplicants } from './enrolments.match';
export { studentInScope } from './enrolments.repository';
export { reachableProgramme } from './enrolments.service';
export { findClcs, freeUsernames, usernameBase } from './enrolments.applicants.repository';
