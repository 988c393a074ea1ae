import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DATA_CHECKS,
  DATA_CHECK_LABELS,
  FIXABLE_CHECKS,
  dataCheckCountsSchema,
  dataCheckPageSchema,
  dataCheckQuerySchema,
  dataFixApplySchema,
  dataFixOneSchema,
  dataFixPreviewSchema,
  dataFixResultSchema,
} from '@lantern/contracts/data-checks';
import { errorBodySchema } from '@lantern/contracts/errors';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { idParams, localeParams } from '../../lib/params';
import { EXPORT_FORMATS, sendExport } from '../../lib/export';
import * as repo from './data-checks.repository';
import * as service from './data-checks.service';

const BASE = '/api/:locale/user-data-checker';
const tags = ['administration'];
const checkParams = localeParams.extend({ check: z.enum(DATA_CHECKS) });
const fixableParams = localeParams.extend({ check: z.enum(FIXABLE_CHECKS) });

export async function dataCheckRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(BASE, {
    config: { access: { right: 'DATA_CLEAN_UP__DISPLAY' } },
    schema: {
      tags,
      summary: 'How many people each data check finds (removed people are not checked)',
      params: localeParams,
      response: { 200: dataCheckCountsSchema },
    },
    handler: async () => service.countChecks(deps),
  });

  r.get(`${BASE}/:check`, {
    config: { access: { right: 'DATA_CLEAN_UP__DISPLAY' } },
    schema: {
      tags,
      summary: 'The people one check finds, with what is wrong in each; search and page (≤ 100)',
      params: checkParams,
      querystring: dataCheckQuerySchema,
      response: { 200: dataCheckPageSchema },
    },
    handler: async (request) => service.findCheckPage(deps, request.params.check, request.query),
  });

  r.get(`${BASE}/:check/export/:format`, {
    config: { access: { right: 'DATA_CLEAN_UP__EXPORT' } },
    schema: {
      tags,
      summary: 'The people one check finds as CSV or XLSX, streamed',
      params: checkParams.extend({ format: z.enum(EXPORT_FORMATS) }),
      querystring: dataCheckQuerySchema.pick({ q: true }),
    },
    handler: async (request, reply) => {
      const { check, format } = request.params;
      const items = async function* () {
        for await (const batch of repo.checkBatches(deps.db, check, request.query.q))
          yield batch.map((row) => service.toItem(check, row));
      };
      return sendExport(reply, {
        format,
        filename: `user-data-checker-${check}`,
        batches: items(),
        columns: [
          { header: 'JWL-ID', value: (i) => i.id },
          { header: 'Username', value: (i) => i.username },
          { header: 'First name', value: (i) => i.firstName },
          { header: 'Last name', value: (i) => i.lastName },
          { header: 'E-mail', value: (i) => i.email },
          { header: 'Phone', value: (i) => i.phone },
          { header: 'Roles', value: (i) => i.roles.join(', ') },
          {
            header: DATA_CHECK_LABELS[check],
            value: (i) => i.problems.map((p) => p.message).join('; '),
          },
        ],
      });
    },
  });

  r.patch(`${BASE}/people/:id`, {
    config: { access: { right: 'DATA_CLEAN_UP__EDIT' } },
    schema: {
      tags,
      summary: 'Fix one field of a person in place, at the version the editor saw (409 when stale)',
      params: idParams,
      body: dataFixOneSchema,
      response: {
        200: z.object({ id: z.number().int(), version: z.number().int() }),
        400: errorBodySchema,
        404: errorBodySchema,
        409: errorBodySchema,
      },
    },
    handler: async (request) =>
      service.fixOne(deps, authOf(request), request.params.id, request.body),
  });

  r.post(`${BASE}/:check/preview`, {
    config: { access: { right: 'DATA_CLEAN_UP__EDIT' } },
    schema: {
      tags,
      summary: 'What the fix for all would change (before → after), changing nothing',
      params: fixableParams,
      querystring: dataCheckQuerySchema.pick({ q: true }),
      response: { 200: dataFixPreviewSchema },
    },
    handler: async (request) => service.previewFix(deps, request.params.check, request.query.q),
  });

  r.post(`${BASE}/:check/fix`, {
    config: { access: { right: 'DATA_CLEAN_UP__EDIT' } },
    schema: {
      tags,
      summary:
        'Applies exactly the changes of a preview in one transaction; a person changed since is skipped',
      params: fixableParams,
      body: dataFixApplySchema,
      response: { 200: dataFixResultSchema, 400: errorBodySchema },
    },
    handler: async (request) =>
      service.applyFix(deps, authOf(request), request.params.check, request.body.changes),
  });
}
