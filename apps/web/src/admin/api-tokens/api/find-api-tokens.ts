import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiTokenListSchema } from '@lantern/contracts/bachelor-integration';
import { apiFetch } from '../../../lib/api-client';

/** The list query: search, state, sort and page, as the address holds them. */
export type FindApiTokensParams = Record<string, string | number>;

export const apiTokensQueryOptions = (params: FindApiTokensParams) =>
  queryOptions({
    queryKey: ['api-tokens', 'list', params],
    queryFn: () => apiFetch('/api/en/api-tokens', { query: params, schema: apiTokenListSchema }),
    placeholderData: keepPreviousData,
  });

/** The integration API tokens (never their secret), a page at a time. */
export const useApiTokens = (params: FindApiTokensParams) =>
  useQuery(apiTokensQueryOptions(params));
