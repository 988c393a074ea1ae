import type { TaskState } from '@lantern/contracts/learning-enums';
import type { WbtAttemptSummary } from '@lantern/contracts/wbt';

/** A task's state, and a training's attempt that is started but not finished. */
export type ShownTaskState = TaskState | 'in_progress';

/**
 * The task's state as every page shows it: a training's started attempt that is not finished is
 * "in progress" (the task itself has no hand-in yet, so it reads "not started").
 */
export function trainingTaskState(
  state: TaskState,
  latest: WbtAttemptSummary | undefined,
): ShownTaskState {
  return state === 'not_started' && latest !== undefined && latest.completion !== 'completed'
    ? 'in_progress'
    : state;
}
