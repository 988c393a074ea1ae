import { queryOptions, useQuery } from '@tanstack/react-query';
import { wbtPackageListSchema } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** The packages uploaded to a course, newest first (the item form's choice). */
export const getPackages = (courseId: number) =>
  apiFetch(`/api/en/lms/course/${courseId}/wbt-packages`, { schema: wbtPackageListSchema });

export const packagesQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: ['lms', 'wbt', 'packages', courseId],
    queryFn: () => getPackages(courseId),
  });

export const usePackages = (courseId: number) => useQuery(packagesQueryOptions(courseId));
