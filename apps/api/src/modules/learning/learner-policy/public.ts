// The learner policy: what a learner may see and hand in, asked by every kind of work
// (text, file and voice tasks, quizzes, trainings, graded discussions, uploads).
export { assertMaySubmit, loadSubmitContext } from './may-submit';
export type { SubmitContext } from './may-submit';
export { itemVisible, studyBreakUntilSql, unitReleased } from './learner-policy.repository';
