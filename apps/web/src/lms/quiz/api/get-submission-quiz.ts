import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffAttemptSchema } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** The quiz attempt behind a handed-in submission, as its grader reads it. */
export const getSubmissionQuiz = (submissionId: number) =>
  apiFetch(`/api/en/lms/submission/${submissionId}/quiz`, { schema: staffAttemptSchema });

export const submissionQuizQueryOptions = (submissionId: number) =>
  queryOptions({
    queryKey: ['teaching', 'submission', submissionId, 'quiz'],
    queryFn: () => getSubmissionQuiz(submissionId),
  });

export const useSubmissionQuiz = (submissionId: number) =>
  useQuery(submissionQuizQueryOptions(submissionId));
