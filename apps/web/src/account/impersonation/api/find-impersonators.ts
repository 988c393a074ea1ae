import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { IMPERSONATION_SEARCH_MIN_CHARS } from '@lantern/contracts/constants';
import { impersonatorSchema } from '@lantern/contracts/current-user';
import { apiFetch } from '../../../lib/api-client';

const impersonatorsSchema = z.array(impersonatorSchema);

/** The api client never adds _switch_user to this path: the search runs as the real user. */
export const findImpersonators = (search: string) =>
  apiFetch(`/api/general/impersonators/${encodeURIComponent(search)}`, {
    method: 'POST',
    schema: impersonatorsSchema,
  });

export const isSearchLongEnough = (search: string): boolean =>
  search.trim().length >= IMPERSONATION_SEARCH_MIN_CHARS;

export const impersonatorsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['impersonators', search],
    queryFn: () => findImpersonators(search),
    staleTime: 60_000,
  });

export const useImpersonators = (search: string) =>
  useQuery({ ...impersonatorsQueryOptions(search.trim()), enabled: isSearchLongEnough(search) });
