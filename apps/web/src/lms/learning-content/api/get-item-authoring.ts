import { queryOptions, useQuery } from '@tanstack/react-query';
import { itemDetailSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';

export const getItemAuthoring = (itemId: number) =>
  apiFetch(`/api/en/lms/item/${itemId}/authoring`, { schema: itemDetailSchema });

export const itemAuthoringQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: ['learning-content', 'authoring', 'item', itemId],
    queryFn: () => getItemAuthoring(itemId),
  });

export const useItemAuthoring = (itemId: number, enabled = true) =>
  useQuery({ ...itemAuthoringQueryOptions(itemId), enabled });
