import { useMutation, useQueryClient } from '@tanstack/react-query';
import { wbtPackageSchema } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** Validates an uploaded zip and stores it as a package, or answers the refusal's sentence. */
export const createPackage = (courseId: number, uploadId: string) =>
  apiFetch(`/api/en/lms/course/${courseId}/wbt-packages`, {
    method: 'POST',
    body: { uploadId },
    schema: wbtPackageSchema,
  });

export function useCreatePackage(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: string) => createPackage(courseId, uploadId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ['lms', 'wbt', 'packages', courseId] }),
  });
}
