import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { DataFixOne } from '@lantern/contracts/data-checks';
import { apiFetch } from '../../../lib/api-client';

const fixedSchema = z.object({ id: z.number().int(), version: z.number().int() });

/** Saves one field at the version the editor saw; 409 STALE_VERSION when someone else saved first. */
export const fixPerson = ({ id, ...body }: DataFixOne & { id: number }) =>
  apiFetch(`/api/en/user-data-checker/people/${id}`, {
    method: 'PATCH',
    body,
    schema: fixedSchema,
  });

export function useFixPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fixPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['data-checks'] }),
  });
}
