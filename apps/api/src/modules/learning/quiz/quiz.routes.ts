import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@lantern/contracts/errors';
import { bigId } from '@lantern/contracts/teaching';
import {
  analysisQuerySchema,
  attemptReviewSchema,
  autosaveInputSchema,
  autosaveResultSchema,
  bankInputSchema,
  bankListSchema,
  bankQuestionsSchema,
  bankSchema,
  bankUpdateSchema,
  finishInputSchema,
  finishResultSchema,
  marksInputSchema,
  myAttemptSchema,
  myQuizSchema,
  overrideInputSchema,
  questionInputSchema,
  questionSchema,
  questionUpdateSchema,
  quizAnalysisSchema,
  quizSessionInputSchema,
  quizSessionSchema,
  quizSessionsSchema,
  quizSessionUpdateSchema,
  sessionActionSchema,
  sessionResultsSchema,
  staffAttemptSchema,
  startAttemptInputSchema,
  tryInputSchema,
  tryResultSchema,
  versionQuerySchema,
  type Question,
} from '@lantern/contracts/quiz';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { sendExport, EXPORT_FORMATS } from '../../../lib/export';
import { localeParams, MAX_ID } from '../../../lib/params';
import * as banks from './banks.service';
import * as sessions from './sessions.service';
import * as attempts from './attempts.service';
import * as grading from './grading.service';
import * as analysis from './analysis.service';
import { learnerSessionOf } from './review';

const id = z.coerce.number().int().positive().max(MAX_ID);
const courseParams = localeParams.extend({ courseId: id });
const bankParams = localeParams.extend({ bankId: id });
const questionParams = localeParams.extend({ questionId: id });
const itemParams = localeParams.extend({ itemId: id });
const sessionParams = localeParams.extend({ sessionId: id });
const attemptParams = localeParams.extend({ attemptId: bigId });
const overrideParams = sessionParams.extend({ studentId: id });
const submissionParams = localeParams.extend({ submissionId: bigId });

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

// The question's data is checked per kind by its input schema; answers carry it as stored.
const questionOut = questionSchema;
const asQuestion = (q: Question) => q as unknown as z.infer<typeof questionSchema>;

/** Quizzes (decision 0020 §3.8): banks, questions, sessions, attempts, grading, analysis. */
export async function quizRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/lms';
  const tags = ['quizzes'];

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
    handler: async (request) => banks.listQuestions(deps, authOf(request), request.params.bankId),
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
        await banks.createQuestion(deps, authOf(request), request.params.bankId, request.body),
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
      asQuestion(await banks.getQuestion(deps, authOf(request), request.params.questionId)),
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
        await banks.updateQuestion(deps, authOf(request), request.params.questionId, request.body),
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
      await banks.deleteQuestion(
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
      banks.tryQuestion(deps, authOf(request), request.params.questionId, request.body.response),
  });

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
      attempts.autosave(deps, authOf(request), request.params.attemptId, request.body),
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
      attempts.finish(deps, authOf(request), request.params.attemptId, request.body),
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
      grading.getReview(deps, authOf(request), request.params.attemptId, (a) =>
        learnerSessionOf(deps.db, a),
      ),
  });

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
    handler: async (request) => grading.getResults(deps, authOf(request), request.params.sessionId),
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

  // ---------------------------------------------------------------- grading

  r.get(`${base}/submission/:submissionId/quiz`, {
    config: { access: { right: 'SUBMISSION__DISPLAY' } },
    schema: {
      tags,
      summary: 'The quiz attempt handed in as this submission, for the grade page',
      params: submissionParams,
      response: { 200: staffAttemptSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      grading.getSubmissionQuiz(deps, authOf(request), request.params.submissionId),
  });

  r.put(`${base}/quiz-attempt/:attemptId/marks`, {
    config: { access: { right: 'SUBMISSION__DISPLAY' } },
    schema: {
      tags,
      summary:
        'Marks essays; once every attempt is marked, the method’s points become the draft grade',
      params: attemptParams,
      body: marksInputSchema,
      response: { 200: staffAttemptSchema, ...refusals },
    },
    handler: async (request) =>
      grading.saveMarks(deps, authOf(request), request.params.attemptId, request.body),
  });

  // ---------------------------------------------------------------- analysis

  r.get(`${base}/quiz/:itemId/analysis`, {
    config: { access: { right: 'COURSE_TASK__EDIT' } },
    schema: {
      tags,
      summary: 'Item analysis per question: facility, discrimination, spread and choice shares',
      params: itemParams,
      querystring: analysisQuerySchema,
      response: { 200: quizAnalysisSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      analysis.getAnalysis(deps, authOf(request), request.params.itemId, request.query),
  });

  r.get(`${base}/quiz/:itemId/analysis/export`, {
    config: { access: { right: 'COURSE_TASK__EDIT' } },
    schema: {
      tags,
      summary: 'The item analysis as a CSV or XLSX download',
      params: itemParams,
      querystring: analysisQuerySchema.extend({
        format: z.enum(EXPORT_FORMATS).default('csv'),
      }),
      response: { 404: errorBodySchema },
    },
    handler: async (request, reply) => {
      const result = await analysis.getAnalysis(
        deps,
        authOf(request),
        request.params.itemId,
        request.query,
      );
      return sendExport(reply, {
        format: request.query.format,
        filename: `quiz-analysis-${String(request.params.itemId)}`,
        columns: analysis.ANALYSIS_COLUMNS,
        batches: (async function* () {
          yield result.rows;
        })(),
      });
    },
  });
}
