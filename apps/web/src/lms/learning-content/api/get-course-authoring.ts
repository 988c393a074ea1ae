import { queryOptions, useQuery } from '@tanstack/react-query';
import { courseAuthoringSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';

export const getCourseAuthoring = (courseId: number) =>
  apiFetch(`/api/en/lms/course/${courseId}/authoring`, { schema: courseAuthoringSchema });

export const courseAuthoringQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: ['learning-content', 'authoring', courseId],
    queryFn: () => getCourseAuthoring(courseId),
  });

export const useCourseAuthoring = (courseId: number) =>
  useQuery(courseAuthoringQueryOptions(courseId));
