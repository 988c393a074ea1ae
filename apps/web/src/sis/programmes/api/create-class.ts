import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { classInputSchema } from '@lantern/contracts/classes';
import { apiFetch } from '../../../lib/api-client';
import { classesQueryOptions } from './get-classes';

export type ClassInput = z.output<typeof classInputSchema>;

export const createClass = ({ programmeId, data }: { programmeId: number; data: ClassInput }) =>
  apiFetch(`/api/en/programme/professional-certificate/${programmeId}/classes`, {
    method: 'POST',
    body: data,
    schema: z.object({ id: z.number().int() }),
  });

export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClass,
    onSuccess: (_created, { programmeId }) =>
      queryClient.invalidateQueries({ queryKey: classesQueryOptions(programmeId).queryKey }),
  });
}
