// What other features may use of this one; everything else here is its own.
export { trainingTaskState } from './shown-task-state';
export type { ShownTaskState } from './shown-task-state';
export { useShownTaskState } from './use-shown-task-state';
