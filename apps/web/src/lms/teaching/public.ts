// What other features may use of this one; everything else here is its own.
export { useSubmission } from './api/get-submission';
export { GradePanel } from './components/grade-panel';
