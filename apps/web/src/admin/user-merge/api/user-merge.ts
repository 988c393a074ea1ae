import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { okSchema } from '@lantern/contracts/common';
import {
  mergeCandidatesSchema,
  mergeLogSchema,
  mergePreviewSchema,
  type MergeInput,
} from '@lantern/contracts/user-merge';
import { apiFetch } from '../../../lib/api-client';

const base = '/api/en/user-merge';

export const pairPath = (removed: number, kept: number) =>
  `${base}/${String(removed)}/${String(kept)}`;

export const mergePreviewQueryOptions = (removed: number, kept: number) =>
  queryOptions({
    queryKey: ['user-merge', 'preview', removed, kept],
    queryFn: () => apiFetch(pairPath(removed, kept), { schema: mergePreviewSchema }),
  });

export const useMergePreview = (removed: number, kept: number) =>
  useQuery(mergePreviewQueryOptions(removed, kept));

export const useMergeCandidates = (q: string) =>
  useQuery({
    queryKey: ['user-merge', 'candidates', q],
    queryFn: () => apiFetch(`${base}/candidates`, { query: { q }, schema: mergeCandidatesSchema }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

export type MergeLogParams = { page: number; limit: number };

export const mergeLogQueryOptions = (params: MergeLogParams) =>
  queryOptions({
    queryKey: ['user-merge', 'log', params],
    queryFn: () => apiFetch(`${base}/log`, { query: params, schema: mergeLogSchema }),
    placeholderData: keepPreviousData,
  });

export const useMergeLog = (params: MergeLogParams) => useQuery(mergeLogQueryOptions(params));

export function useMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ removed, kept, input }: { removed: number; kept: number; input: MergeInput }) =>
      apiFetch(pairPath(removed, kept), {
        method: 'POST',
        body: input,
        schema: z.object({ mergeId: z.number() }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user-merge'] }),
  });
}

export function useUndoMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mergeId: number) =>
      apiFetch(`${base}/log/${String(mergeId)}/undo`, { method: 'POST', schema: okSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user-merge'] }),
  });
}
