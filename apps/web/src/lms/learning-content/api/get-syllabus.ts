import { queryOptions, useQuery } from '@tanstack/react-query';
import { syllabusSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';

export const getSyllabus = (courseId: number) =>
  apiFetch(`/api/en/lms/course/${courseId}/syllabus`, { schema: syllabusSchema });

export const syllabusQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: ['learning-content', 'course', courseId, 'syllabus'],
    queryFn: () => getSyllabus(courseId),
  });

export const useSyllabus = (courseId: number, enabled = true) =>
  useQuery({ ...syllabusQueryOptions(courseId), enabled });
