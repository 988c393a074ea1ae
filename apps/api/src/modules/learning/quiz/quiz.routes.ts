import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../lib/deps';
import { quizBankRoutes } from './quiz-banks.routes';
import { quizLearnerRoutes } from './quiz-learner.routes';
import { quizSessionRoutes } from './quiz-sessions.routes';
import { quizGradingRoutes } from './quiz-grading.routes';

/**
 * Quizzes (decision 0020 §3.8): banks, questions, sessions, attempts, grading, analysis.
 * Registered in this order, which is the order of the API document.
 */
export async function quizRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await quizBankRoutes(app, deps);
  await quizLearnerRoutes(app, deps);
  await quizSessionRoutes(app, deps);
  await quizGradingRoutes(app, deps);
}
