import { queryOptions, useQuery } from '@tanstack/react-query';
import { wbtReportSchema } from '@lantern/contracts/wbt';
import { apiFetch } from '../../../lib/api-client';

/** A training's report: per class, learners, started, completed, passed, scores and time. */
export const getWbtReport = (itemId: number) =>
  apiFetch(`/api/en/lms/wbt/${itemId}/report`, { schema: wbtReportSchema });

export const wbtReportQueryOptions = (itemId: number) =>
  queryOptions({ queryKey: ['lms', 'wbt', 'report', itemId], queryFn: () => getWbtReport(itemId) });

export const useWbtReport = (itemId: number) => useQuery(wbtReportQueryOptions(itemId));
