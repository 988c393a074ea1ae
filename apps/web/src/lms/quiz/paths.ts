import { appPath } from '../../lib/paths';

/** The quiz routes of decision 0020 §3.9. */
export const quizPaths = {
  /** The quiz in its unit's reader: the way back from the quiz's own pages. */
  unit: (unitId: number, itemId: number) => appPath(`unit/${unitId}/${itemId}`),
  card: (itemId: number) => appPath(`quiz/${itemId}`),
  attempt: (itemId: number, attemptId: number) => appPath(`quiz/${itemId}/attempt/${attemptId}`),
  review: (itemId: number, attemptId: number) =>
    appPath(`quiz/${itemId}/attempt/${attemptId}/review`),
  sessions: (itemId: number) => appPath(`quiz/${itemId}/sessions`),
  results: (itemId: number, sessionId?: number) =>
    appPath(`quiz/${itemId}/results${sessionId === undefined ? '' : `?session=${sessionId}`}`),
  analysis: (itemId: number) => appPath(`quiz/${itemId}/analysis`),
  grade: (submissionId: number) => appPath(`grade/${submissionId}`),
};
