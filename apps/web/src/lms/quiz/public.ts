// What other features may use of this one; everything else here is its own.
export { QuestionInput } from './components/question-input';
export { QuizAttemptView } from './components/quiz-attempt-view';
export { QuizStaffLinks } from './components/staff-links';
