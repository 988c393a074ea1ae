import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { classUpdateSchema } from '@lantern/contracts/classes';
import { okSchema } from '@lantern/contracts/common';
import { apiFetch } from '../../../lib/api-client';

export type ClassUpdate = z.output<typeof classUpdateSchema>;

/** Renames a class or changes its capacity at the version the editor saw (409 when stale). */
export const updateClass = ({
  programmeId,
  classId,
  data,
}: {
  programmeId: number;
  classId: number;
  data: ClassUpdate;
}) =>
  apiFetch(`/api/en/programme/professional-certificate/${programmeId}/classes/${classId}`, {
    method: 'PUT',
    body: data,
    schema: okSchema,
  });

export function useUpdateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClass,
    // The students list shows class names too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['programmes'] }),
  });
}
