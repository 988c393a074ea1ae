import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cohortEditSchema,
  cohortImportReportSchema,
  cohortInputSchema,
  cohortListQuerySchema,
  cohortPageSchema,
  cohortSchema,
} from '@lantern/contracts/bachelor-cohorts';
import { okSchema } from '@lantern/contracts/common';
import { errorBodySchema } from '@lantern/contracts/errors';
import { importQuerySchema, type ProgrammeType } from '@lantern/contracts/programme';
import { authOf } from '../../plugins/auth';
import { uploadedFile } from '../../plugins/body';
import type { Deps } from '../../lib/deps';
import { idParams, MAX_ID } from '../../lib/params';
import { importCohort } from './cohorts.import';
import * as service from './cohorts.service';

/** The largest cohort file (as the applicant import's). */
const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const cohortParams = idParams.extend({
  cohortId: z.coerce.number().int().positive().max(MAX_ID),
});
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** `programme/bachelor/:id/cohorts`: list, create, edit, delete, import (decision 0022). */
export async function bachelorCohortRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const programme: ProgrammeType = 'bachelor';
  const base = '/api/:locale/programme/bachelor/:id/cohorts';
  const tags = ['bachelor'];

  r.get(base, {
    config: { access: { right: 'BA_COHORT__DISPLAY' }, programme },
    schema: {
      tags,
      summary: 'The cohorts of a bachelor programme: code, intake term, members, last import',
      params: idParams,
      querystring: cohortListQuerySchema,
      response: { 200: cohortPageSchema },
    },
    handler: async (request) =>
      service.listCohorts(deps, authOf(request), request.params.id, request.query),
  });

  r.get(`${base}/:cohortId`, {
    config: { access: { right: 'BA_COHORT__DISPLAY' }, programme },
    schema: {
      tags,
      summary: 'One cohort',
      params: cohortParams,
      response: { 200: cohortSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      service.getCohort(deps, authOf(request), request.params.id, request.params.cohortId),
  });

  r.post(base, {
    config: { access: { right: 'BA_COHORT__CREATE' }, programme },
    schema: {
      tags,
      summary: 'A new cohort (code unique in the programme, any case; intake term like 2026-fa)',
      params: idParams,
      body: cohortInputSchema,
      response: { 200: cohortSchema, ...errors },
    },
    handler: async (request) =>
      service.createCohort(deps, authOf(request), request.params.id, request.body),
  });

  r.put(`${base}/:cohortId`, {
    config: { access: { right: 'BA_COHORT__EDIT' }, programme },
    schema: {
      tags,
      summary: 'Changes a cohort’s code and intake term (409 when changed meanwhile)',
      params: cohortParams,
      body: cohortEditSchema,
      response: { 200: cohortSchema, ...errors },
    },
    handler: async (request) =>
      service.editCohort(
        deps,
        authOf(request),
        request.params.id,
        request.params.cohortId,
        request.body,
      ),
  });

  r.delete(`${base}/:cohortId`, {
    config: { access: { right: 'BA_COHORT__DELETE' }, programme },
    schema: {
      tags,
      summary: 'Deletes a cohort without students',
      params: cohortParams,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => {
      await service.deleteCohort(deps, authOf(request), request.params.id, request.params.cohortId);
      return { ok: true as const };
    },
  });

  r.post(`${base}/:cohortId/import`, {
    config: {
      access: { right: 'BA_COHORT__IMPORT' },
      programme,
      files: { maxBytes: MAX_IMPORT_BYTES },
    },
    schema: {
      tags,
      summary:
        'Students into a cohort from CSV or XLSX (multipart field `file`, the applicant columns): problems by row and column, and against the last import who is added, changed (with hand edits it overwrites) and no longer listed; written in one transaction only when clean and not a dry run',
      params: cohortParams,
      querystring: importQuerySchema,
      response: { 200: cohortImportReportSchema, ...errors, 413: errorBodySchema },
    },
    handler: async (request) =>
      importCohort(deps, authOf(request), {
        programmeId: request.params.id,
        cohortId: request.params.cohortId,
        file: uploadedFile(request.body),
        ...request.query,
      }),
  });
}
