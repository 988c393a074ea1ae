import { queryOptions, useQuery } from '@tanstack/react-query';
import { gradeRequestDetailSchema } from '@lantern/contracts/grade-requests';
import { apiFetch } from '../../../lib/api-client';

export const gradeRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['grade-requests', 'one', id],
    queryFn: () =>
      apiFetch(`/api/en/lms/grade-request/${id}`, { schema: gradeRequestDetailSchema }),
  });

/** One request with the grade as it is now, its ledger events and the certificates affected. */
export const useGradeRequest = (id: number) => useQuery(gradeRequestQueryOptions(id));
