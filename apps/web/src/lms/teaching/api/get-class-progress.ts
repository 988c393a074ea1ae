import { useQuery } from '@tanstack/react-query';
import { classProgressSchema } from '@lantern/contracts/teaching';
import { apiFetch } from '../../../lib/api-client';

/** A class's progress in a course. */
export const getClassProgress = (classId: number, courseId: number | null) =>
  apiFetch(`/api/en/lms/class/${classId}/progress`, {
    query: { courseId },
    schema: classProgressSchema,
  });

export const useClassProgress = (classId: number, courseId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['teaching', 'class-progress', classId, courseId],
    queryFn: () => getClassProgress(classId, courseId),
    enabled,
  });
