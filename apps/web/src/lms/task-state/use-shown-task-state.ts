import { useQuery } from '@tanstack/react-query';
import type { ItemKind, TaskState } from '@lantern/contracts/learning-enums';
import { myAttemptsQueryOptions } from '../wbt/public';
import { trainingTaskState, type ShownTaskState } from './shown-task-state';

/**
 * A learner's task state as the training's own page shows it, for any list of items: a training
 * not handed in yet asks for its attempts, so one started and not finished reads "In progress".
 * No state (staff) asks nothing.
 */
export function useShownTaskState<S extends TaskState | null>(
  itemId: number,
  kind: ItemKind,
  state: S,
): ShownTaskState | S {
  const asks = kind === 'wbt' && state === 'not_started';
  const attempts = useQuery({ ...myAttemptsQueryOptions(itemId), enabled: asks });
  return asks ? trainingTaskState('not_started', attempts.data?.attempts.at(-1)) : state;
}
