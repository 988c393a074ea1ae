import { queryOptions, useQuery } from '@tanstack/react-query';
import { courseForumsSchema } from '@lantern/contracts/discussions';
import { apiFetch } from '../../../lib/api-client';

/** A course's forums with unread counts, and the ones an author may open. */
export const getCourseForums = (courseId: number) =>
  apiFetch(`/api/en/lms/course/${courseId}/forums`, { schema: courseForumsSchema });

export const courseForumsQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: ['discussions', 'course', courseId],
    queryFn: () => getCourseForums(courseId),
  });

export const useCourseForums = (courseId: number) => useQuery(courseForumsQueryOptions(courseId));
