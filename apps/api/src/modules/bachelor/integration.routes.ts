import type { FastifyInstance } from 'fastify';
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
import * as service from './integration.service';

/** The OpenAPI text shared by every integration route. */
const SECURITY = [{ apiToken: [] }];

/**
 * BA_API (`/api/:locale/integration/programme/bachelor[/:id/…]`): the bachelor data for an integration user,
 * who calls with `Authorization: Bearer lnt_…` (an API token an admin made, decision 0022).
 * A signed-in user with the right may call them too.
 */
export async function integrationRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // `programme/bachelor/:id` like the app's own bachelor routes: the programme-scope hook then
  // answers 404 for another type or a programme out of the caller's CLCs, before the body.
  const base = '/api/:locale/integration/programme/bachelor';
  const tags = ['integration'];
  const display = { access: { right: 'BA_API__DISPLAY' as const } };
  const edit = { access: { right: 'BA_API__EDIT' as const } };
  r.get(base, {
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

  r.get(`${base}/:id/students`, {
    config: { ...display, programme: 'bachelor' as const },
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

  r.get(`${base}/:id/terms`, {
    config: { ...display, programme: 'bachelor' as const },
    schema: {
      tags,
      summary: 'Terms of a bachelor programme, with offerings and students',
      security: SECURITY,
      params: idParams,
      response: { 200: integrationTermListSchema },
    },
    handler: async (request) => service.listTerms(deps, authOf(request), request.params.id),
  });

  r.get(`${base}/:id/terms/:termKey/results`, {
    config: { ...display, programme: 'bachelor' as const },
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

  r.post(`${base}/:id/graduated`, {
    config: { ...edit, programme: 'bachelor' as const },
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
