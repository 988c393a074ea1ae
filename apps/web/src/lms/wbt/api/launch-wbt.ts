import { useMutation } from '@tanstack/react-query';
import { wbtLaunchSchema } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** Opens a training: a tracked launch of the learner's attempt, or a browse launch with the
 * reason (a break, a closed unit, impersonation…) where nothing is kept. */
export const launchWbt = (itemId: number, newAttempt: boolean) =>
  apiFetch(`/api/en/lms/wbt/${itemId}/launch`, {
    method: 'POST',
    body: { newAttempt },
    schema: wbtLaunchSchema,
  });

export const useLaunchWbt = (itemId: number) =>
  useMutation({ mutationFn: (newAttempt: boolean) => launchWbt(itemId, newAttempt) });
