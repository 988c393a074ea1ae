// What other features may use of this one; everything else here is its own.
export { WbtAttemptView } from './components/wbt-attempt-view';
export { WbtFields } from './components/wbt-fields';
export type { WbtFormFields } from './components/wbt-fields';
export { myAttemptsQueryOptions } from './api/get-my-attempts';
