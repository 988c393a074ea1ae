import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankQuestionsSchema } from '@lantern/contracts/quiz';
import { apiFetch } from '../../../lib/api-client';

/** A bank and its questions (rows for the list). */
export const getBankQuestions = (bankId: number) =>
  apiFetch(`/api/en/lms/question-bank/${bankId}/questions`, { schema: bankQuestionsSchema });

export const bankQuestionsQueryOptions = (bankId: number) =>
  queryOptions({
    queryKey: ['lms', 'question-banks', 'bank', bankId],
    queryFn: () => getBankQuestions(bankId),
  });

export const useBankQuestions = (bankId: number, enabled = true) =>
  useQuery({ ...bankQuestionsQueryOptions(bankId), enabled });
