import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { historyEntrySchema } from '@lantern/contracts/clc';
import { apiFetch } from '../../../lib/api-client';

const historySchema = z.array(historyEntrySchema);

export const getProgrammeHistory = (id: number) =>
  apiFetch(`/api/en/programme/professional-certificate/${id}/history`, { schema: historySchema });

export const programmeHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['programmes', 'history', id],
    queryFn: () => getProgrammeHistory(id),
  });

export const useProgrammeHistory = (id: number) => useQuery(programmeHistoryQueryOptions(id));
