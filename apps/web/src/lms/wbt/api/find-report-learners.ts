import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { wbtReportLearnersSchema } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** The learners of a training's report (one class, or all), 50 a page. */
export const findReportLearners = (itemId: number, classId: number | null, cursor: string | null) =>
  apiFetch(`/api/en/lms/wbt/${itemId}/report/learners`, {
    query: { classId, cursor },
    schema: wbtReportLearnersSchema,
  });

export const reportLearnersQueryOptions = (itemId: number, classId: number | null) =>
  infiniteQueryOptions({
    queryKey: ['lms', 'wbt', 'report', itemId, 'learners', classId],
    queryFn: ({ pageParam }) => findReportLearners(itemId, classId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useReportLearners = (itemId: number, classId: number | null) =>
  useInfiniteQuery(reportLearnersQueryOptions(itemId, classId));
