import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@lantern/contracts/errors';
import {
  bankInputSchema,
  bankListSchema,
  bankQuestionsSchema,
  bankSchema,
  bankUpdateSchema,
  questionInputSchema,
  questionUpdateSchema,
  tryInputSchema,
  tryResultSchema,
  versionQuerySchema,
} from '@lantern/contracts/quiz';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import * as banks from './banks.service';
import * as questions from './banks-questions.service';
import {
  asQuestion,
  bankParams,
  base,
  courseParams,
  questionOut,
  questionParams,
  refusals,
  tags,
} from './quiz.params';

/** Question banks and their questions, for a course's authors. */
export async function quizBankRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---------------------------------------------------------------- banks

  r.get(`${base}/course/:courseId/question-banks`, {
    config: { access: { right: 'COURSE_TASK__EDIT' } },
    schema: {
      tags,
      summary:
        'The question banks of a course, with their question counts and the quizzes using them',
      params: courseParams,
      response: { 200: bankListSchema, 404: errorBodySchema },
    },
    handler: async (request) => banks.listBanks(deps, authOf(request), request.params.courseId),
  });

  r.post(`${base}/course/:courseId/question-banks`, {
    config: { access: { right: 'COURSE_TASK__CREATE' } },
    schema: {
      tags,
      summary: 'Adds a question bank to a course',
      params: courseParams,
      body: bankInputSchema,
      response: { 200: bankSchema, ...refusals },
    },
    handler: async (request) =>
      banks.createBank(deps, authOf(request), request.params.courseId, request.body),
  });

  r.patch(`${base}/question-bank/:bankId`, {
    config: { access: { right: 'COURSE_TASK__EDIT' } },
    schema: {
      tags,
      summary: 'Renames a question bank at the version read',
      params: bankParams,
      body: bankUpdateSchema,
      response: { 200: bankSchema, ...refusals },
    },
    handler: async (request) =>
      banks.updateBank(deps, authOf(request), request.params.bankId, request.body),
  });

  r.delete(`${base}/question-bank/:bankId`, {
    config: { access: { right: 'COURSE_TASK__DELETE' } },
    schema: {
      tags,
      summary: 'Removes a question bank (refused while a quiz draws from it)',
      params: bankParams,
      querystring: versionQuerySchema,
      response: { 204: z.null(), ...refusals },
    },
    handler: async (request, reply) => {
      await banks.deleteBank(deps, authOf(request), request.params.bankId, request.query.version);
      return reply.code(204).send(null);
    },
  });

  // ---------------------------------------------------------------- questions

  r.get(`${base}/question-bank/:bankId/questions`, {
    config: { access: { right: 'COURSE_TASK__EDIT' } },
    schema: {
      tags,
      summary: 'The questions of a bank',
      params: bankParams,
      response: { 200: bankQuestionsSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      questions.listQuestions(deps, authOf(request), request.params.bankId),
  });

  r.post(`${base}/question-bank/:bankId/questions`, {
    config: { access: { right: 'COURSE_TASK__CREATE' } },
    schema: {
      tags,
      summary: 'Adds a question of any kind to a bank',
      params: bankParams,
      body: questionInputSchema,
      response: { 200: questionOut, ...refusals },
    },
    handler: async (request) =>
      asQuestion(
        await questions.createQuestion(deps, authOf(request), request.params.bankId, request.body),
      ),
  });

  r.get(`${base}/question/:questionId`, {
    config: { access: { right: 'COURSE_TASK__EDIT' } },
    schema: {
      tags,
      summary: 'A question with its answers and feedback, for its authors',
      params: questionParams,
      response: { 200: questionOut, 404: errorBodySchema },
    },
    handler: async (request) =>
      asQuestion(await questions.getQuestion(deps, authOf(request), request.params.questionId)),
  });

  r.patch(`${base}/question/:questionId`, {
    config: { access: { right: 'COURSE_TASK__EDIT' } },
    schema: {
      tags,
      summary: 'Edits a question at the version read (a new version; attempts keep theirs)',
      params: questionParams,
      body: questionUpdateSchema,
      response: { 200: questionOut, ...refusals },
    },
    handler: async (request) =>
      asQuestion(
        await questions.updateQuestion(
          deps,
          authOf(request),
          request.params.questionId,
          request.body,
        ),
      ),
  });

  r.delete(`${base}/question/:questionId`, {
    config: { access: { right: 'COURSE_TASK__DELETE' } },
    schema: {
      tags,
      summary: 'Removes a question (a tombstone; refused while a quiz asks it as a fixed question)',
      params: questionParams,
      querystring: versionQuerySchema,
      response: { 204: z.null(), ...refusals },
    },
    handler: async (request, reply) => {
      await questions.deleteQuestion(
        deps,
        authOf(request),
        request.params.questionId,
        request.query.version,
      );
      return reply.code(204).send(null);
    },
  });

  r.post(`${base}/question/:questionId/try`, {
    config: { access: { right: 'COURSE_TASK__EDIT' } },
    schema: {
      tags,
      summary: 'Scores a response to a question (the author’s preview; nothing is stored)',
      params: questionParams,
      body: tryInputSchema,
      response: { 200: tryResultSchema, ...refusals },
    },
    handler: async (request) =>
      questions.tryQuestion(
        deps,
        authOf(request),
        request.params.questionId,
        request.body.response,
      ),
  });
}
