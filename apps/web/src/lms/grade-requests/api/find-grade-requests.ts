import { useInfiniteQuery } from '@tanstack/react-query';
import {
  gradeRequestPageSchema,
  type GradeRequestKind,
  type GradeRequestState,
} from '@lantern/contracts/grade-requests';
import { apiFetch } from '../../../lib/api-client';

export type GradeRequestFilter = {
  state?: GradeRequestState | undefined;
  courseId?: number | undefined;
  kind?: GradeRequestKind | undefined;
  mine?: boolean | undefined;
  q?: string | undefined;
};

/** A page of the queue, newest first; `before` is the last id of the previous page. */
export const findGradeRequests = (
  filter: GradeRequestFilter & { before?: number | undefined; limit?: number | undefined },
) =>
  apiFetch('/api/en/lms/grade-requests', {
    query: {
      state: filter.state,
      courseId: filter.courseId,
      kind: filter.kind,
      mine: filter.mine ? 'true' : undefined,
      q: filter.q,
      before: filter.before,
      limit: filter.limit,
    },
    schema: gradeRequestPageSchema,
  });

export const useGradeRequests = (filter: GradeRequestFilter) =>
  useInfiniteQuery({
    queryKey: ['grade-requests', 'list', filter],
    queryFn: ({ pageParam }) => findGradeRequests({ ...filter, before: pageParam ?? undefined }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
  });
