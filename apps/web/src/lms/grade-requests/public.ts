// What other features may use of this one; everything else here is its own.
export { useCreateGradeRequest } from './api/create-grade-request';
export { GradeRequestPanel } from './components/grade-request-panel';
