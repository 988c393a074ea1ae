import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { classStaffInputSchema } from '@lantern/contracts/classes';
import { okSchema } from '@lantern/contracts/common';
import { apiFetch } from '../../../lib/api-client';
import { invalidateMenu } from '../../../lib/base-data';
import { classesQueryOptions } from './get-classes';

export type ClassStaffInput = z.output<typeof classStaffInputSchema>;

/** Replaces a class's facilitators (onsite) and faculty (online). */
export const setClassStaff = ({
  programmeId,
  classId,
  data,
}: {
  programmeId: number;
  classId: number;
  data: ClassStaffInput;
}) =>
  apiFetch(`/api/en/programme/professional-certificate/${programmeId}/classes/${classId}/staff`, {
    method: 'PUT',
    body: data,
    schema: okSchema,
  });

export function useSetClassStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setClassStaff,
    onSuccess: (_ok, { programmeId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: classesQueryOptions(programmeId).queryKey }),
        invalidateMenu(queryClient),
      ]),
  });
}
