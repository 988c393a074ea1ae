// What other modules may use of this one; everything else here is its own.
export { applyAutoGrade, applyGradeEvent } from './grade-events';
export { findGrade } from './grade-events.repository';
export type { GradeRow } from './grade-events.repository';
export { writeLedgerTransfer } from './grade-transfer.repository';
export { notifyGradeComment, when } from './grading.service';
export { eventsUntil, foldEvents, historyEntry } from './ledger.service';
export type { HistoryRow } from './ledger.repository';
export { assertMayGrade, gradedDeliveries } from './responsibility';
export { TO_GRADE_FROM, toGradeWhere } from './responsibility.repository';
export { findSubmission } from './teaching.repository';
export { computedResults, courseResult } from './result';
export { courseDenominators } from './result.repository';
export { applyResultEvents } from './result-events';
export type { ResultAction, ResultEntry } from './result-events';
