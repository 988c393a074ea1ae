// What other modules may use of this one; everything else here is its own.
export { applyAutoGrade, applyGradeEvent, findGrade } from './grade-events';
export type { GradeRow } from './grade-events';
export { writeLedgerTransfer } from './grade-transfer';
export { notifyGradeComment, when } from './grading.service';
export { eventsUntil, foldEvents, historyEntry } from './ledger.service';
export type { HistoryRow } from './ledger.service';
export { TO_GRADE_FROM, assertMayGrade, gradedDeliveries, toGradeWhere } from './responsibility';
export { computedResults, courseDenominators, courseResult } from './result';
export { applyResultEvents } from './result-events';
export type { ResultAction, ResultEntry } from './result-events';
