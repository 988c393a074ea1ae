import { useMutation } from '@tanstack/react-query';
import { wbtLaunchSchema } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** A browse launch for staff (authors, WBT_ALL holders): plays it, tracks nothing. */
export const previewWbt = (itemId: number) =>
  apiFetch(`/api/en/lms/wbt/${itemId}/preview`, {
    method: 'POST',
    body: {},
    schema: wbtLaunchSchema,
  });

export const usePreviewWbt = (itemId: number) =>
  useMutation({ mutationFn: () => previewWbt(itemId) });
