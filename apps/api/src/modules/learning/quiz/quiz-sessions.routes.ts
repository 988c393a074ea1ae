import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@lantern/contracts/errors';
import {
  overrideInputSchema,
  quizSessionInputSchema,
  quizSessionSchema,
  quizSessionUpdateSchema,
  quizSessionsSchema,
  sessionActionSchema,
  sessionResultsSchema,
  staffAttemptSchema,
} from '@lantern/contracts/quiz';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import * as sessions from './sessions.service';
import * as grading from './grading.service';
import * as results from './grading-results.service';
import {
  attemptParams,
  base,
  itemParams,
  overrideParams,
  refusals,
  sessionParams,
  tags,
} from './quiz.params';

/** Quiz sessions, their overrides and results, and a learner's attempt as staff see it. */
export async function quizSessionRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---------------------------------------------------------------- sessions

  r.get(`${base}/quiz/:itemId/sessions`, {
    config: { access: { right: 'QUIZ_SESSION__DISPLAY' } },
    schema: {
      tags,
      summary: 'The sessions of a quiz (item-wide and per class) with their overrides',
      params: itemParams,
      response: { 200: quizSessionsSchema, 404: errorBodySchema },
    },
    handler: async (request) => sessions.listSessions(deps, authOf(request), request.params.itemId),
  });

  r.post(`${base}/quiz/:itemId/sessions`, {
    config: { access: { right: 'QUIZ_SESSION__EDIT' } },
    schema: {
      tags,
      summary:
        'Adds a class’s own session to a quiz (it replaces the item-wide one for that class)',
      params: itemParams,
      body: quizSessionInputSchema,
      response: { 200: quizSessionSchema, ...refusals },
    },
    handler: async (request) =>
      sessions.createSession(deps, authOf(request), request.params.itemId, request.body),
  });

  r.patch(`${base}/quiz-session/:sessionId`, {
    config: { access: { right: 'QUIZ_SESSION__EDIT' } },
    schema: {
      tags,
      summary: 'Edits a session at the version read',
      params: sessionParams,
      body: quizSessionUpdateSchema,
      response: { 200: quizSessionSchema, ...refusals },
    },
    handler: async (request) =>
      sessions.updateSession(deps, authOf(request), request.params.sessionId, request.body),
  });

  for (const action of ['open', 'close'] as const)
    r.post(`${base}/quiz-session/:sessionId/${action}`, {
      config: { access: { right: 'QUIZ_SESSION__EDIT' } },
      schema: {
        tags,
        summary:
          action === 'open'
            ? 'Opens a session now'
            : 'Closes a session now (attempts in progress are handed in within a minute)',
        params: sessionParams,
        body: sessionActionSchema,
        response: { 200: quizSessionSchema, ...refusals },
      },
      handler: async (request) =>
        sessions.openOrClose(
          deps,
          authOf(request),
          request.params.sessionId,
          action,
          request.body.version,
        ),
    });

  r.put(`${base}/quiz-session/:sessionId/overrides/:studentId`, {
    config: { access: { right: 'QUIZ_SESSION__EDIT' } },
    schema: {
      tags,
      summary: 'Grants a learner extra time, extra attempts or a later close, with the reason',
      params: overrideParams,
      body: overrideInputSchema,
      response: { 200: quizSessionSchema, ...refusals },
    },
    handler: async (request) =>
      sessions.putOverride(
        deps,
        authOf(request),
        request.params.sessionId,
        request.params.studentId,
        request.body,
      ),
  });

  r.delete(`${base}/quiz-session/:sessionId/overrides/:studentId`, {
    config: { access: { right: 'QUIZ_SESSION__EDIT' } },
    schema: {
      tags,
      summary: 'Takes back a learner’s override',
      params: overrideParams,
      response: { 200: quizSessionSchema, ...refusals },
    },
    handler: async (request) =>
      sessions.deleteOverride(
        deps,
        authOf(request),
        request.params.sessionId,
        request.params.studentId,
      ),
  });

  r.get(`${base}/quiz-session/:sessionId/results`, {
    config: { access: { right: 'QUIZ_SESSION__DISPLAY' } },
    schema: {
      tags,
      summary:
        'The results of a session: each learner in reach with attempts, method points and grade',
      params: sessionParams,
      response: { 200: sessionResultsSchema, 404: errorBodySchema },
    },
    handler: async (request) => results.getResults(deps, authOf(request), request.params.sessionId),
  });

  r.get(`${base}/quiz-attempt/:attemptId`, {
    config: { access: { right: 'QUIZ_SESSION__DISPLAY' } },
    schema: {
      tags,
      summary: 'A learner’s attempt with answers, keys and marks (staff)',
      params: attemptParams,
      response: { 200: staffAttemptSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      grading.getStaffAttempt(deps, authOf(request), request.params.attemptId),
  });
}
