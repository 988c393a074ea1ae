import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dataCheckPageSchema, type DataCheck } from '@lantern/contracts/data-checks';
import { apiFetch } from '../../../lib/api-client';

export type FindCheckParams = { check: DataCheck; page: number; limit: number; q: string };

export const findCheck = ({ check, page, limit, q }: FindCheckParams) =>
  apiFetch(`/api/en/user-data-checker/${check}`, {
    query: { page, limit, ...(q ? { q } : {}) },
    schema: dataCheckPageSchema,
  });

export const checkQueryOptions = (params: FindCheckParams) =>
  queryOptions({
    queryKey: ['data-checks', params.check, params],
    queryFn: () => findCheck(params),
    placeholderData: keepPreviousData,
  });

export const useCheck = (params: FindCheckParams) => useQuery(checkQueryOptions(params));
