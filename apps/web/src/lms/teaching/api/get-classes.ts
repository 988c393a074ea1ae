import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { classPageSchema, type ClassListQuery } from '@lantern/contracts/teaching';
import { apiFetch } from '../../../lib/api-client';

/** class_root: the classes the user teaches or oversees. */
export const getTeachingClasses = (query: Partial<ClassListQuery>) =>
  apiFetch('/api/en/lms/classes', { query, schema: classPageSchema });

export const teachingClassesQueryOptions = (query: Partial<ClassListQuery>) =>
  queryOptions({
    queryKey: ['teaching', 'classes', query],
    queryFn: () => getTeachingClasses(query),
    placeholderData: keepPreviousData,
  });

export const useTeachingClasses = (query: Partial<ClassListQuery>) =>
  useQuery(teachingClassesQueryOptions(query));
