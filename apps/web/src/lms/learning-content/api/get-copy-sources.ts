import { queryOptions, useQuery } from '@tanstack/react-query';
import { copySourcesSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';

export const getCopySources = (courseId: number) =>
  apiFetch(`/api/en/lms/course/${courseId}/copy-sources`, { schema: copySourcesSchema });

export const copySourcesQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: ['learning-content', 'authoring', courseId, 'copy-sources'],
    queryFn: () => getCopySources(courseId),
  });

export const useCopySources = (courseId: number, enabled: boolean) =>
  useQuery({ ...copySourcesQueryOptions(courseId), enabled });
