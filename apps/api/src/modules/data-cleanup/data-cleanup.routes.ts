import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cleanupCriteriaSchema,
  cleanupDryRunSchema,
  cleanupRestoreResultSchema,
  cleanupRunInputSchema,
  cleanupRunPageSchema,
} from '@lantern/contracts/data-checks';
import { pageQuerySchema } from '@lantern/contracts/common';
import { errorBodySchema } from '@lantern/contracts/errors';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { idParams, localeParams } from '../../lib/params';
import * as service from './data-cleanup.service';

const BASE = '/api/:locale/data-cleanup';
const tags = ['administration'];

export async function dataCleanupRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(`${BASE}/runs`, {
    config: { access: { right: 'DATA_CLEAN_UP__DISPLAY' } },
    schema: {
      tags,
      summary: 'Past cleanup runs, newest first',
      params: localeParams,
      querystring: pageQuerySchema.omit({ q: true }),
      response: { 200: cleanupRunPageSchema },
    },
    handler: async (request) => service.findRuns(deps, request.query),
  });

  r.get(`${BASE}/dry-run`, {
    config: { access: { right: 'DATA_CLEAN_UP__DISPLAY' } },
    schema: {
      tags,
      summary: 'How many people a finder selects and the first 20, changing nothing',
      params: localeParams,
      querystring: cleanupCriteriaSchema,
      response: { 200: cleanupDryRunSchema },
    },
    handler: async (request) => service.dryRun(deps, authOf(request), request.query),
  });

  r.post(BASE, {
    config: { access: { right: 'DATA_CLEAN_UP__DELETE' } },
    schema: {
      tags,
      summary:
        'Removes (soft-deletes) the people a finder selects, when they are still as many as confirmed',
      params: localeParams,
      body: cleanupRunInputSchema,
      response: {
        200: z.object({ id: z.number().int(), count: z.number().int() }),
        400: errorBodySchema,
        409: errorBodySchema,
      },
    },
    handler: async (request) => service.runCleanup(deps, authOf(request), request.body),
  });

  r.post(`${BASE}/:id/restore`, {
    config: { access: { right: 'DATA_CLEAN_UP__DELETE' } },
    schema: {
      tags,
      summary: 'Brings the people of a run back, with their roles',
      params: idParams,
      response: { 200: cleanupRestoreResultSchema, 404: errorBodySchema },
    },
    handler: async (request) => service.restoreRun(deps, authOf(request), request.params.id),
  });
}
