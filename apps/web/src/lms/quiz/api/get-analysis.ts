import { queryOptions, useQuery } from '@tanstack/react-query';
import { quizAnalysisSchema } from '@lantern/contracts/quiz';
import { apiDownload, apiFetch } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

type AnalysisQuery = { sessionId: number | null; attempts: 'first' | 'all' };

const query = (q: AnalysisQuery) => ({ sessionId: q.sessionId, attempts: q.attempts });

/** Facility and discrimination per question over finished attempts (authors). */
export const getAnalysis = (itemId: number, q: AnalysisQuery) =>
  apiFetch(`/api/en/lms/quiz/${itemId}/analysis`, { query: query(q), schema: quizAnalysisSchema });

export const analysisQueryOptions = (itemId: number, q: AnalysisQuery) =>
  queryOptions({
    queryKey: ['lms', 'quiz', itemId, 'analysis', q.sessionId, q.attempts],
    queryFn: () => getAnalysis(itemId, q),
  });

export const useAnalysis = (itemId: number, q: AnalysisQuery) =>
  useQuery(analysisQueryOptions(itemId, q));

/** The same as a CSV file. */
export const exportAnalysis = async (itemId: number, q: AnalysisQuery) =>
  saveFile(
    await apiDownload(`/api/en/lms/quiz/${itemId}/analysis/export`, {
      query: query(q),
      fallbackName: `quiz-${itemId}-analysis.csv`,
    }),
  );
