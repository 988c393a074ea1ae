import { useQuery } from '@tanstack/react-query';
import { itemForumSchema } from '@lantern/contracts/discussions';
import { apiFetch } from '../../../lib/api-client';

/** The forum of a graded discussion item (its answer page). */
export const getItemForum = (itemId: number) =>
  apiFetch(`/api/en/lms/discussion/${itemId}/forum`, { schema: itemForumSchema });

export const useItemForum = (itemId: number) =>
  useQuery({ queryKey: ['discussions', 'item', itemId], queryFn: () => getItemForum(itemId) });
