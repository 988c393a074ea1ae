/* The CLCs a user may pick in a form or filter, for every area that needs a CLC select: at most
 * DROPDOWN_OPTIONS_LIMIT (spec §9); when `complete` is false the select searches on the server. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { clcRefSchema } from '@lantern/contracts/current-user';
import { apiFetch } from './api-client';

export const clcOptionsSchema = z.object({ items: z.array(clcRefSchema), complete: z.boolean() });

export const findClcOptions = (q: string) =>
  apiFetch('/api/en/clc-partner/options', { query: { q }, schema: clcOptionsSchema });

export const clcOptionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['clc-options', q],
    queryFn: () => findClcOptions(q),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useClcOptions = (q: string) => useQuery(clcOptionsQueryOptions(q));
