import { useQuery } from '@tanstack/react-query';
import { submissionViewSchema } from '@lantern/contracts/teaching';
import { apiFetch } from '../../../lib/api-client';

/** A handed-in attempt with its grade and whether the user may grade it. */
export const getSubmission = (submissionId: number) =>
  apiFetch(`/api/en/lms/submission/${submissionId}`, { schema: submissionViewSchema });

export const submissionQueryKey = (submissionId: number) => [
  'teaching',
  'submission',
  submissionId,
];

export const useSubmission = (submissionId: number) =>
  useQuery({
    queryKey: submissionQueryKey(submissionId),
    queryFn: () => getSubmission(submissionId),
  });
