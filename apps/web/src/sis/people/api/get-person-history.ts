import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { historyEntrySchema } from '@lantern/contracts/clc';
import type { PersonKind } from '@lantern/contracts/people';
import { apiFetch } from '../../../lib/api-client';

const historySchema = z.array(historyEntrySchema);

export const getPersonHistory = (kind: PersonKind, id: number) =>
  apiFetch(`/api/en/${kind}/${id}/history`, { schema: historySchema });

export const personHistoryQueryOptions = (kind: PersonKind, id: number) =>
  queryOptions({
    queryKey: ['people', kind, 'history', id],
    queryFn: () => getPersonHistory(kind, id),
  });

export const usePersonHistory = (kind: PersonKind, id: number) =>
  useQuery(personHistoryQueryOptions(kind, id));
