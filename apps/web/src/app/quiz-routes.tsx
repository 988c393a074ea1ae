import type { RouteObject } from 'react-router';
import { page } from './lazy-page';

/** Quizzes (decision 0020 §3.9): taking and review, staff's sessions, results and analysis,
 * and the question banks of a course. */
export const QUIZ_ROUTES: RouteObject[] = [
  { path: 'quiz/:itemId', lazy: page(() => import('../lms/quiz/routes/quiz')) },
  {
    path: 'quiz/:itemId/attempt/:attemptId',
    lazy: page(() => import('../lms/quiz/routes/attempt')),
  },
  {
    path: 'quiz/:itemId/attempt/:attemptId/review',
    lazy: page(() => import('../lms/quiz/routes/review')),
  },
  { path: 'quiz/:itemId/sessions', lazy: page(() => import('../lms/quiz/routes/sessions')) },
  { path: 'quiz/:itemId/results', lazy: page(() => import('../lms/quiz/routes/results')) },
  { path: 'quiz/:itemId/analysis', lazy: page(() => import('../lms/quiz/routes/analysis')) },
  {
    path: 'course/:courseId/question-banks',
    lazy: page(() => import('../lms/quiz-authoring/routes/question-banks')),
  },
  {
    path: 'course/:courseId/question-banks/:bankId',
    lazy: page(() => import('../lms/quiz-authoring/routes/question-bank')),
  },
];
