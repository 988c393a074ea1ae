import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankListSchema } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** A course's question banks with their question counts and the quizzes that use them. */
export const findBanks = (courseId: number) =>
  apiFetch(`/api/en/lms/course/${courseId}/question-banks`, { schema: bankListSchema });

export const banksQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: ['lms', 'question-banks', courseId],
    queryFn: () => findBanks(courseId),
  });

export const useBanks = (courseId: number, enabled = true) =>
  useQuery({ ...banksQueryOptions(courseId), enabled });
