// What other features may use of this one; everything else here is its own.
export { ATTEMPT_VIEWS } from './attempt-views';
export { AUTHORING_FIELDS } from './authoring-fields';
export type { QuizFormValue } from '../quiz-authoring/public';
export type { WbtFormFields } from '../wbt/public';
