import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clcInputSchema,
  clcListQuerySchema,
  clcPageSchema,
  clcSchema,
  clcUpdateSchema,
  historyEntrySchema,
  type ClcListQuery,
} from '@lantern/contracts/clc';
import { MAX_IMAGE_BYTES } from '@lantern/contracts/profile';
import { errorBodySchema } from '@lantern/contracts/errors';
import { VALIDATION } from '@lantern/contracts/messages';
import { authOf } from '../../plugins/auth';
import { uploadedFile } from '../../plugins/body';
import type { Deps } from '../../lib/deps';
import { idParams, localeParams } from '../../lib/params';
import { clcScope } from '../../lib/scope';
import { findHistory } from '../../lib/history';
import { invalidFields, notFound } from '../../lib/errors';
import { countryName } from '../../lib/countries';
import { EXPORT_FORMATS, sendExport, type ExportColumn } from '../../lib/export';
import * as service from './clcs.service';
import { clcBatches, getClc, type ClcRow } from './clcs.repository';

const EXPORT_COLUMNS: ExportColumn<ClcRow>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'Name', value: (c) => c.name },
  { header: 'Code', value: (c) => c.code },
  { header: 'Finance code', value: (c) => c.financeCode },
  { header: 'Country', value: (c) => countryName(c.country) },
  { header: 'Time zone', value: (c) => c.timeZone },
  { header: 'Address', value: (c) => c.address },
  { header: 'Max students', value: (c) => c.maxStudents },
  { header: 'Minors permitted', value: (c) => (c.minorPermission ? 'yes' : 'no') },
  { header: 'Minimum age for minors', value: (c) => c.minAgeForMinors },
  { header: 'GEL', value: (c) => (c.isGel ? 'yes' : 'no') },
  { header: 'Signee', value: (c) => c.signeeName },
  { header: 'Signee title', value: (c) => c.signeeTitle },
  { header: 'Contact', value: (c) => c.contactName },
  { header: 'Contact e-mail', value: (c) => c.contactEmail },
  { header: 'Contact phone', value: (c) => c.contactPhone },
  { header: 'Active', value: (c) => (c.isActive ? 'yes' : 'no') },
];

export async function clcRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/clc-partner';

  r.get(base, {
    config: { access: { right: 'CLC__DISPLAY' } },
    schema: {
      tags: ['clcs'],
      summary: 'CLCs in scope: search by name, code or finance code; filter; sort; page',
      params: localeParams,
      querystring: clcListQuerySchema,
      response: { 200: clcPageSchema },
    },
    handler: async (request) => service.findClcList(deps, authOf(request), request.query),
  });

  r.get(`${base}/export/:format`, {
    config: { access: { right: 'CLC__EXPORT' } },
    schema: {
      tags: ['clcs'],
      summary: 'The filtered CLC list as CSV or XLSX, streamed',
      params: localeParams.extend({ format: z.enum(EXPORT_FORMATS) }),
      querystring: clcListQuerySchema.omit({ page: true, limit: true }),
    },
    handler: async (request, reply) => {
      const query: ClcListQuery = { ...request.query, page: 1, limit: 100 };
      return sendExport(reply, {
        format: request.params.format,
        filename: 'clc-partners',
        columns: EXPORT_COLUMNS,
        batches: clcBatches(deps.db, clcScope(authOf(request)), query),
      });
    },
  });

  r.post(base, {
    config: { access: { right: 'CLC__CREATE' } },
    schema: {
      tags: ['clcs'],
      summary: 'Create a CLC',
      params: localeParams,
      body: clcInputSchema,
      response: { 200: clcSchema, 400: errorBodySchema },
    },
    handler: async (request) => service.createClc(deps, authOf(request), request.body),
  });

  r.get(`${base}/:id`, {
    config: { access: { right: 'CLC__DISPLAY' } },
    schema: {
      tags: ['clcs'],
      summary: 'One CLC',
      params: idParams,
      response: { 200: clcSchema, 404: errorBodySchema },
    },
    handler: async (request) => service.getClcDetail(deps, authOf(request), request.params.id),
  });

  r.put(`${base}/:id`, {
    config: { access: { right: 'CLC__EDIT' } },
    schema: {
      tags: ['clcs'],
      summary: 'Edit a CLC at the version the editor saw (409 when someone else changed it)',
      params: idParams,
      body: clcUpdateSchema,
      response: {
        200: clcSchema,
        400: errorBodySchema,
        404: errorBodySchema,
        409: errorBodySchema,
      },
    },
    handler: async (request) =>
      service.updateClc(
        deps,
        authOf(request),
        request.params.id,
        request.body.version,
        request.body.data,
      ),
  });

  r.get(`${base}/:id/history`, {
    config: { access: { right: 'CLC__DISPLAY' } },
    schema: {
      tags: ['clcs'],
      summary: 'Who changed the CLC, what and when',
      params: idParams,
      response: { 200: z.array(historyEntrySchema) },
    },
    handler: async (request) => {
      if (!(await getClc(deps.db, clcScope(authOf(request)), request.params.id)))
        throw notFound('The CLC');
      return findHistory(deps.db, 'clc', request.params.id);
    },
  });

  for (const kind of service.CLC_IMAGE_KINDS) {
    r.post(`${base}/:id/${kind}`, {
      config: {
        access: { right: kind === 'logo' ? 'CLC__EDIT' : 'CLC_SIGNATURE__EDIT' },
        files: { maxBytes: MAX_IMAGE_BYTES },
      },
      schema: {
        tags: ['clcs'],
        summary: `Upload the CLC's ${kind} (multipart: file, version; JPEG or PNG)`,
        params: idParams,
        response: {
          200: clcSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
      handler: async (request) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const version = Number(body.version);
        if (!Number.isInteger(version) || version < 1)
          throw invalidFields({ version: VALIDATION.number });
        return service.uploadClcImage(deps, authOf(request), {
          id: request.params.id,
          version,
          kind,
          file: uploadedFile(body),
        });
      },
    });
  }
}
