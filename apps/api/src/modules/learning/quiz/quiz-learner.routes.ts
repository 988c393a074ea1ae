import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@lantern/contracts/errors';
import {
  attemptReviewSchema,
  autosaveInputSchema,
  autosaveResultSchema,
  finishInputSchema,
  finishResultSchema,
  myAttemptSchema,
  myQuizSchema,
  startAttemptInputSchema,
} from '@lantern/contracts/quiz';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import * as attempts from './attempts.service';
import * as save from './attempts-save.service';
import * as review from './grading-review.service';
import { learnerSessionOf } from './review';
import { attemptParams, base, itemParams, refusals, tags } from './quiz.params';

/** A quiz as its learner takes it: attempts started, saved, handed in and reviewed. */
export async function quizLearnerRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---------------------------------------------------------------- the learner

  r.get(`${base}/quiz/:itemId/my-quiz`, {
    config: { access: { right: 'COURSE_TASK__DISPLAY' } },
    schema: {
      tags,
      summary:
        'A quiz as its learner sees it: the session, attempts used and left, the attempt in progress, results, and why one cannot start now',
      params: itemParams,
      response: { 200: myQuizSchema, 404: errorBodySchema },
    },
    handler: async (request) => attempts.getMyQuiz(deps, authOf(request), request.params.itemId),
  });

  r.post(`${base}/quiz/:itemId/attempts`, {
    config: { access: { right: 'SUBMISSION__CREATE' } },
    schema: {
      tags,
      summary:
        'Starts an attempt, or answers the one in progress (the same clientId again answers the same attempt)',
      params: itemParams,
      body: startAttemptInputSchema,
      response: { 200: myAttemptSchema, ...refusals },
    },
    handler: async (request) =>
      attempts.startAttempt(deps, authOf(request), request.params.itemId, request.body.clientId),
  });

  r.get(`${base}/quiz-attempt/:attemptId/mine`, {
    config: { access: { right: 'COURSE_TASK__DISPLAY' } },
    schema: {
      tags,
      summary:
        'An own attempt to resume: its questions (no answer keys), saved answers, lastSeq and deadline',
      params: attemptParams,
      response: { 200: myAttemptSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      attempts.getMyAttempt(deps, authOf(request), request.params.attemptId),
  });

  r.put(`${base}/quiz-attempt/:attemptId/responses`, {
    config: { access: { right: 'SUBMISSION__CREATE' } },
    schema: {
      tags,
      summary:
        'Autosaves answers: a slot saved with a lower sequence than it holds is left alone; refused after the time limit',
      params: attemptParams,
      body: autosaveInputSchema,
      response: { 200: autosaveResultSchema, ...refusals },
    },
    handler: async (request) =>
      save.autosave(deps, authOf(request), request.params.attemptId, request.body),
  });

  r.post(`${base}/quiz-attempt/:attemptId/finish`, {
    config: { access: { right: 'SUBMISSION__CREATE' } },
    schema: {
      tags,
      summary:
        'Hands in an attempt with its last answers (a finished attempt answers the same result)',
      params: attemptParams,
      body: finishInputSchema,
      response: { 200: finishResultSchema, ...refusals },
    },
    handler: async (request) =>
      save.finish(deps, authOf(request), request.params.attemptId, request.body),
  });

  r.get(`${base}/quiz-attempt/:attemptId/review`, {
    config: { access: { right: 'COURSE_TASK__DISPLAY' } },
    schema: {
      tags,
      summary:
        'An own finished attempt’s review: marks and answers as the session’s review rules allow',
      params: attemptParams,
      response: { 200: attemptReviewSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      review.getReview(deps, authOf(request), request.params.attemptId, (a) =>
        learnerSessionOf(deps.db, a),
      ),
  });
}
