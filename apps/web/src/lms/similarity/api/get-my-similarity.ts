import { useQuery } from '@tanstack/react-query';
import { mySimilaritySchema } from '@lantern/contracts/similarity';
import { apiFetch } from '../../../lib/api-client';

/** The learner's own similarity score and passages for their latest hand-in of a task. */
export const getMySimilarity = (itemId: number) =>
  apiFetch(`/api/en/lms/task/${itemId}/my-similarity`, { schema: mySimilaritySchema });

export const useMySimilarity = (itemId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['similarity', 'mine', itemId],
    queryFn: () => getMySimilarity(itemId),
    enabled,
    // A check runs after the hand-in: look again while it is waiting.
    refetchInterval: (q) =>
      q.state.data?.check?.status === 'queued' || q.state.data?.check?.status === 'running'
        ? 3000
        : false,
  });
