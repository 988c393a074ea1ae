import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { historyEntrySchema } from '@lantern/contracts/clc';
import { apiFetch } from '../../../lib/api-client';

const historySchema = z.array(historyEntrySchema);

export const getClcHistory = (id: number) =>
  apiFetch(`/api/en/clc-partner/${id}/history`, { schema: historySchema });

export const clcHistoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['clc-partners', 'history', id], queryFn: () => getClcHistory(id) });

export const useClcHistory = (id: number) => useQuery(clcHistoryQueryOptions(id));
