import { useQuery } from '@tanstack/react-query';
import { similarityReportSchema } from '@lantern/contracts/similarity';
import { apiFetch } from '../../../lib/api-client';

/** A work's similarity report; `checkId` reads it through the admin's route instead. */
export const getReport = (target: { submissionId: number } | { checkId: number }) =>
  apiFetch(
    'checkId' in target
      ? `/api/en/lms/similarity-check/${target.checkId}`
      : `/api/en/lms/submission/${target.submissionId}/similarity`,
    { schema: similarityReportSchema },
  );

export const useReport = (target: { submissionId: number } | { checkId: number }) =>
  useQuery({ queryKey: ['similarity', 'report', target], queryFn: () => getReport(target) });
