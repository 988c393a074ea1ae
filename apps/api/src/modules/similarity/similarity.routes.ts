import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@lantern/contracts/errors';
import {
  checkSummarySchema,
  mySimilarityQuerySchema,
  mySimilaritySchema,
  recheckResultSchema,
  similarityChecksPageSchema,
  similarityChecksQuerySchema,
  similarityMatchDetailSchema,
  similarityReportSchema,
} from '@lantern/contracts/similarity';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { localeParams, MAX_ID } from '../../lib/params';
import * as report from './report.service';
import { turnitinCallback } from './webhook.service';

const id = z.coerce.number().int().positive().max(MAX_ID);
const submissionParams = localeParams.extend({ submissionId: id });
const matchParams = submissionParams.extend({ otherId: id });
const itemParams = localeParams.extend({ itemId: id });
const checkParams = localeParams.extend({ checkId: id });

/** Similarity reports (decision 0020 §5.6): one right per view, reach in the service's SQL. */
export async function similarityRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/lms';
  const tags = ['similarity'];

  r.get(`${base}/submission/:submissionId/similarity`, {
    config: { access: { right: 'SUBMISSION_TURNITIN_INSTRUCTOR__DISPLAY' } },
    schema: {
      tags,
      summary:
        "A work's similarity report: its text, score and matches (the other's name only in reach)",
      params: submissionParams,
      response: { 200: similarityReportSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      report.getReport(deps, authOf(request), request.params.submissionId, 'instructor'),
  });

  r.get(`${base}/submission/:submissionId/similarity/match/:otherId`, {
    config: { access: { right: 'SUBMISSION_TURNITIN_INSTRUCTOR__DISPLAY' } },
    schema: {
      tags,
      summary: "One match's passages, with the other work's text when that learner is in reach",
      params: matchParams,
      response: { 200: similarityMatchDetailSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      report.getMatch(
        deps,
        authOf(request),
        request.params.submissionId,
        request.params.otherId,
        'instructor',
      ),
  });

  r.get(`${base}/task/:itemId/my-similarity`, {
    config: { access: { right: 'SUBMISSION_TURNITIN_LEARNER__DISPLAY' } },
    schema: {
      tags,
      summary: "The learner's own similarity score and own text with the matched passages marked",
      params: itemParams,
      querystring: mySimilarityQuerySchema,
      response: { 200: mySimilaritySchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      report.getMySimilarity(
        deps,
        authOf(request),
        request.params.itemId,
        request.query.submission,
      ),
  });

  r.get(`${base}/similarity-checks`, {
    config: { access: { right: 'SUBMISSION_TURNITIN_ADMIN__DISPLAY' } },
    schema: {
      tags,
      summary: 'Similarity checks in CLC scope, newest first, by status and course',
      params: localeParams,
      querystring: similarityChecksQuerySchema,
      response: { 200: similarityChecksPageSchema, 400: errorBodySchema },
    },
    handler: async (request) => report.listChecks(deps, authOf(request), request.query),
  });

  r.get(`${base}/similarity-check/:checkId`, {
    config: { access: { right: 'SUBMISSION_TURNITIN_ADMIN__DISPLAY' } },
    schema: {
      tags,
      summary: "A check's full report with both texts",
      params: checkParams,
      response: { 200: similarityReportSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      report.getCheckReport(deps, authOf(request), request.params.checkId),
  });

  r.get(`${base}/similarity-check/:checkId/match/:otherId`, {
    config: { access: { right: 'SUBMISSION_TURNITIN_ADMIN__DISPLAY' } },
    schema: {
      tags,
      summary: 'One match of a check, with both texts',
      params: checkParams.extend({ otherId: id }),
      response: { 200: similarityMatchDetailSchema, 404: errorBodySchema },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const summary = await report.getCheckReport(deps, auth, request.params.checkId);
      return report.getMatch(deps, auth, summary.submission.id, request.params.otherId, 'admin');
    },
  });

  // The family has no EDIT right: acting on checks is the admin's display right, audited.
  r.post(`${base}/similarity-check/:checkId/retry`, {
    config: { access: { right: 'SUBMISSION_TURNITIN_ADMIN__DISPLAY' } },
    schema: {
      tags,
      summary: 'Checks one work again',
      params: checkParams,
      response: { 200: checkSummarySchema, 404: errorBodySchema },
    },
    handler: async (request) => report.retryCheck(deps, authOf(request), request.params.checkId),
  });

  r.post(`${base}/task/:itemId/similarity/recheck`, {
    config: { access: { right: 'SUBMISSION_TURNITIN_ADMIN__DISPLAY' } },
    schema: {
      tags,
      summary: "Checks every learner's latest work on a task again",
      params: itemParams,
      response: { 200: recheckResultSchema, 404: errorBodySchema },
    },
    handler: async (request) => report.recheckTask(deps, authOf(request), request.params.itemId),
  });

  // The outside service's callback: public, but only a body signed with the shared secret counts.
  // Its own JSON parser keeps the raw body, which the signature is of.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => {
        done(null, { raw: body as string });
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post('/public-api/1.0/similarity/turnitin/callback', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The similarity service's signed callback: a check's result",
        body: z.object({ raw: z.string() }),
        response: {
          204: z.null(),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
      handler: async (request, reply) => {
        const signature = request.headers['x-turnitin-signature'];
        await turnitinCallback(
          deps,
          request.body.raw,
          typeof signature === 'string' ? signature : undefined,
        );
        return reply.status(204).send(null);
      },
    });
  });
}
