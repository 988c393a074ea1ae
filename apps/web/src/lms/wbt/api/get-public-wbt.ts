import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { publicWbtSchema, wbtLaunchSchema } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** A public training's title (no sign-in). */
export const getPublicWbt = (itemId: number) =>
  apiFetch(`/public-api/1.0/wbt/${itemId}`, { auth: false, schema: publicWbtSchema });

export const publicWbtQueryOptions = (itemId: number) =>
  queryOptions({ queryKey: ['public', 'wbt', itemId], queryFn: () => getPublicWbt(itemId) });

export const usePublicWbt = (itemId: number) => useQuery(publicWbtQueryOptions(itemId));

/** A browse launch for a guest: played, nothing tracked. */
export const launchPublicWbt = (itemId: number) =>
  apiFetch(`/public-api/1.0/wbt/${itemId}/launch`, {
    method: 'POST',
    body: {},
    auth: false,
    schema: wbtLaunchSchema,
  });

export const useLaunchPublicWbt = (itemId: number) =>
  useMutation({ mutationFn: () => launchPublicWbt(itemId) });
