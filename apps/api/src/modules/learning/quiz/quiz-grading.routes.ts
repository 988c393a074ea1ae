import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@lantern/contracts/errors';
import {
  analysisQuerySchema,
  marksInputSchema,
  quizAnalysisSchema,
  staffAttemptSchema,
} from '@lantern/contracts/quiz';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { sendExport, EXPORT_FORMATS } from '../../../lib/export';
import * as grading from './grading.service';
import * as analysis from './analysis.service';
import { attemptParams, base, itemParams, refusals, submissionParams, tags } from './quiz.params';

/** Marking a quiz attempt on the grade page, and the item analysis. */
export async function quizGradingRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
