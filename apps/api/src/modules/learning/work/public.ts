// What other modules may use of this one; everything else here is its own.
export { dayText } from './dates';
export { assertMaySubmit, loadSubmitContext } from './may-submit';
export type { SubmitContext } from './may-submit';
export { recordCompletion, recountCourseProgress } from './progress';
