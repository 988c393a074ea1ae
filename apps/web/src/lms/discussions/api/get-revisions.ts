import { useQuery } from '@tanstack/react-query';
import { postRevisionsSchema } from '@lantern/contracts/discussions';
import { apiFetch } from '../../../lib/api-client';

/** A changed post's earlier texts, fetched when a moderator or its author asks. */
export function usePostRevisions(postId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['discussions', 'revisions', postId],
    queryFn: () =>
      apiFetch(`/api/en/lms/post/${postId}/revisions`, { schema: postRevisionsSchema }),
    enabled,
  });
}
