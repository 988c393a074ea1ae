import { queryOptions, useQuery } from '@tanstack/react-query';
import { courseOutlineSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';

/** The outline answers with an ETag: the browser revalidates it, and a revisit is a 304. */
export const getCourseOutline = (courseId: number) =>
  apiFetch(`/api/en/lms/course/${courseId}`, { schema: courseOutlineSchema });

export const courseOutlineQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: ['learning-content', 'course', courseId],
    queryFn: () => getCourseOutline(courseId),
  });

export const useCourseOutline = (courseId: number) => useQuery(courseOutlineQueryOptions(courseId));
