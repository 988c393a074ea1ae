import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ConversionInput } from '@lantern/contracts/bachelor-credits';
import { apiFetch } from '../../../lib/api-client';

const createdSchema = z.object({ id: z.number(), version: z.number() });

export const createConversion = (id: number, body: ConversionInput) =>
  apiFetch(`/api/en/programme/bachelor/${id}/conversions`, {
    method: 'POST',
    body,
    schema: createdSchema,
  });

/** A new version of a from → to conversion (a version is never edited). */
export function useCreateConversion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConversionInput) => createConversion(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['bachelor', id, 'conversions'] });
    },
  });
}
