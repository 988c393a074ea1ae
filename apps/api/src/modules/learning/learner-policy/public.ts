// The learner policy: what a learner may see and hand in, asked by every kind of work
// (text, file and voice tasks, quizzes, trainings, graded discussions, uploads).
export { assertMaySubmit, loadSubmitContext, studyBreakUntilSql } from './may-submit';
export type { SubmitContext } from './may-submit';
export { itemVisible, unitReleased } from './visibility';
