// What other features may use of this one; everything else here is its own.
export { QuizFields, quizErrors, quizFormOf, quizPoints } from './components/quiz-form';
export type { QuizFormValue } from './components/quiz-form';
