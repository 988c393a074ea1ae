import { useInfiniteQuery } from '@tanstack/react-query';
import {
  similarityChecksPageSchema,
  type SimilarityChecksQuery,
} from '@lantern/contracts/similarity';
import { apiFetch } from '../../../lib/api-client';

type Filter = Pick<Partial<SimilarityChecksQuery>, 'status' | 'courseId'>;

/** Similarity checks in the admin's CLC scope, newest first, 50 at a time. */
export const getChecks = (query: Partial<SimilarityChecksQuery>) =>
  apiFetch('/api/en/lms/similarity-checks', { query, schema: similarityChecksPageSchema });

export const useChecks = (filter: Filter) =>
  useInfiniteQuery({
    queryKey: ['similarity', 'checks', filter],
    queryFn: ({ pageParam }) => getChecks({ ...filter, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
