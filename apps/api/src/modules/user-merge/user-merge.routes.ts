import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '@lantern/contracts/common';
import {
  mergeCandidateQuerySchema,
  mergeCandidatesSchema,
  mergeInputSchema,
  mergeLogQuerySchema,
  mergeLogSchema,
  mergePairParams,
  mergePreviewSchema,
} from '@lantern/contracts/user-merge';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { localeParams } from '../../lib/params';
import * as service from './user-merge.service';

const pairParams = localeParams.extend(mergePairParams.shape);
const mergeParams = localeParams.extend({
  mergeId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** User merge (`userMerge`, `userMerge/:deleteUserJwlId/:mergeUserJwlId`): DATA_CLEAN_UP__MERGE. */
export async function userMergeRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/user-merge';
  const tags = ['administration'];
  const access = { access: { right: 'DATA_CLEAN_UP__MERGE' as const } };

  r.get(`${base}/candidates`, {
    config: access,
    schema: {
      tags,
      summary: 'People to pick for a merge, by JWL-ID, name, username or e-mail',
      params: localeParams,
      querystring: mergeCandidateQuerySchema,
      response: { 200: mergeCandidatesSchema },
    },
    handler: async (request) => service.candidates(deps, request.query.q),
  });

  r.get(`${base}/log`, {
    config: access,
    schema: {
      tags,
      summary: 'The merge log, newest first',
      params: localeParams,
      querystring: mergeLogQuerySchema,
      response: { 200: mergeLogSchema },
    },
    handler: async (request) => service.log(deps, request.query),
  });

  r.post(`${base}/log/:mergeId/undo`, {
    config: access,
    schema: {
      tags,
      summary: 'Undoes a merge: both people as they were, the tombstone signs in again',
      params: mergeParams,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await service.undo(deps, authOf(request), request.params.mergeId);
      return { ok: true as const };
    },
  });

  r.get(`${base}/:deleteUserJwlId/:mergeUserJwlId`, {
    config: access,
    schema: {
      tags,
      summary: 'Both people side by side, what would move, and what stands in the way',
      params: pairParams,
      response: { 200: mergePreviewSchema },
    },
    handler: async (request) =>
      service.preview(deps, request.params.deleteUserJwlId, request.params.mergeUserJwlId),
  });

  r.post(`${base}/:deleteUserJwlId/:mergeUserJwlId`, {
    config: access,
    schema: {
      tags,
      summary: 'Merges the first person into the second, in one transaction',
      params: pairParams,
      body: mergeInputSchema,
      response: { 200: z.object({ mergeId: z.number().int() }) },
    },
    handler: async (request) =>
      service.merge(
        deps,
        authOf(request),
        request.params.deleteUserJwlId,
        request.params.mergeUserJwlId,
        request.body,
      ),
  });
}
