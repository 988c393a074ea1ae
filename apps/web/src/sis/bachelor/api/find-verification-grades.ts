import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { verificationGradePageSchema } from '@lantern/contracts/bachelor-verification';
import { apiFetch } from '../../../lib/api-client';

export type GradeFilter = {
  termKey: string;
  clcId?: number | undefined;
  flagged?: boolean | undefined;
  q?: string | undefined;
  page: number;
  limit: number;
};

export const findVerificationGrades = (id: number, f: GradeFilter) =>
  apiFetch(`/api/en/programme/bachelor/${id}/verification/grades`, {
    query: {
      termKey: f.termKey,
      clcId: f.clcId,
      flagged: f.flagged ? 'true' : undefined,
      q: f.q || undefined,
      page: f.page,
      limit: f.limit,
    },
    schema: verificationGradePageSchema,
  });

/** The term's grade set, a page at a time, with missing and non-final grades flagged. */
export const useVerificationGrades = (id: number, filter: GradeFilter) =>
  useQuery({
    queryKey: ['bachelor', id, 'verification', filter.termKey, 'grades', filter],
    queryFn: () => findVerificationGrades(id, filter),
    placeholderData: keepPreviousData,
  });
