import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  integrationGraduatedInputSchema,
  integrationGraduatedResultSchema,
  integrationProgrammeListSchema,
  integrationResultListSchema,
  integrationResultQuerySchema,
  integrationStudentListSchema,
  integrationStudentQuerySchema,
  integrationTermListSchema,
  integrationTermParams,
} from '@lantern/contracts/bachelor-integration';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { idParams, localeParams } from '../../lib/params';
import { loadProgrammeInScope } from '../../lib/programme-scope';
import * as service from './integration.service';

/** The OpenAPI text shared by every integration route. */
const SECURITY = [{ apiToken: [] }];

/**
 * BA_API (`/api/:locale/integration/bachelor/…`): the bachelor data for an integration user,
 * who calls with `Authorization: Bearer lnt_…` (an API token an admin made, decision 0022).
 * A signed-in user with the right may call them too.
 */
export async function integrationRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/integration/bachelor';
  const tags = ['integration'];
  const display = { access: { right: 'BA_API__DISPLAY' as const } };
  const edit = { access: { right: 'BA_API__EDIT' as const } };
  // The programme of `:id`: a bachelor one in the caller's reach, else 404 (before the body).
  const inReach = async (request: FastifyRequest) => {
    const { id } = request.params as { id?: string };
    if (id && /^[1-9]\d{0,9}$/.test(id))
      await loadProgrammeInScope(deps.db, authOf(request), Number(id), 'bachelor');
  };

  r.get(`${base}/programmes`, {
    config: display,
    schema: {
      tags,
      summary: 'Bachelor programmes, with how many students each has',
      security: SECURITY,
      params: localeParams,
      response: { 200: integrationProgrammeListSchema },
    },
    handler: async (request) => service.listProgrammes(deps, authOf(request)),
  });

  r.get(`${base}/programmes/:id/students`, {
    config: display,
    preValidation: inReach,
    schema: {
      tags,
      summary:
        'Students of a bachelor programme: cohort, state, export status, credits (paged by `after`)',
      security: SECURITY,
      params: idParams,
      querystring: integrationStudentQuerySchema,
      response: { 200: integrationStudentListSchema },
    },
    handler: async (request) =>
      service.listStudents(deps, authOf(request), request.params.id, request.query),
  });

  r.get(`${base}/programmes/:id/terms`, {
    config: display,
    preValidation: inReach,
    schema: {
      tags,
      summary: 'Terms of a bachelor programme, with offerings and students',
      security: SECURITY,
      params: idParams,
      response: { 200: integrationTermListSchema },
    },
    handler: async (request) => service.listTerms(deps, authOf(request), request.params.id),
  });

  r.get(`${base}/programmes/:id/terms/:termKey/results`, {
    config: display,
    preValidation: inReach,
    schema: {
      tags,
      summary: 'Course results of a term: each student in each course, status and grade',
      security: SECURITY,
      params: idParams.extend(integrationTermParams.shape),
      querystring: integrationResultQuerySchema,
      response: { 200: integrationResultListSchema },
    },
    handler: async (request) =>
      service.listResults(
        deps,
        authOf(request),
        request.params.id,
        request.params.termKey,
        request.query,
      ),
  });

  r.post(`${base}/programmes/:id/graduated`, {
    config: edit,
    preValidation: inReach,
    schema: {
      tags,
      summary: 'Marks exported students graduated (all or nothing; repeating it changes nothing)',
      security: SECURITY,
      params: idParams,
      body: integrationGraduatedInputSchema,
      response: { 200: integrationGraduatedResultSchema },
    },
    handler: async (request) =>
      service.markGraduated(deps, authOf(request), request.params.id, request.body),
  });
}
