import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailInUseSchema,
  personListQuerySchema,
  personPageSchema,
  personUpdateSchema,
  savedSchema,
  STUDENT_PHOTO_KINDS,
} from '@lantern/contracts/people';
import { historyEntrySchema } from '@lantern/contracts/clc';
import { roleOptionSchema } from '@lantern/contracts/grants';
import { clcRefSchema } from '@lantern/contracts/current-user';
import { errorBodySchema } from '@lantern/contracts/errors';
import { MAX_IMAGE_BYTES } from '@lantern/contracts/profile';
import { DROPDOWN_OPTIONS_LIMIT } from '@lantern/contracts/constants';
import { authOf } from '../../plugins/auth';
import { uploadedFile } from '../../plugins/body';
import type { Deps } from '../../lib/deps';
import { idParams, localeParams } from '../../lib/params';
import { clcScope } from '../../lib/scope';
import { findHistory } from '../../lib/history';
import { notFound } from '../../lib/errors';
import { EXPORT_FORMATS, sendPreparedExport } from '../../lib/export';
import { exportColumns, peopleCellBatches, peopleCsvChunks } from './people-export.repository';
import { KINDS, type Kind } from './people.kinds';
import * as repo from './people.repository';
import * as service from './people.service';
import * as photos from './people-photos.service';
import { findClcOptions, findRoleOptions } from './people-options.repository';

function kindRoutes(app: FastifyInstance, deps: Deps, kind: Kind): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/:locale/${kind.path}`;
  const tags = ['people'];
  const noun = kind.label.toLowerCase();

  r.get(base, {
    config: { access: { right: kind.rights.display } },
    schema: {
      tags,
      summary: `${kind.label}s in scope: search by name, JWL-ID or e-mail; filter; sort; page (≤ 100)`,
      params: localeParams,
      querystring: personListQuerySchema,
      response: { 200: personPageSchema },
    },
    handler: async (request) => service.findPersonList(deps, authOf(request), kind, request.query),
  });

  r.get(`${base}/export/:format`, {
    config: { access: { right: kind.rights.export } },
    schema: {
      tags,
      summary: `The filtered ${noun} list as CSV or XLSX, streamed`,
      params: localeParams.extend({ format: z.enum(EXPORT_FORMATS) }),
      querystring: personListQuerySchema.omit({
        page: true,
        limit: true,
        sort: true,
        dir: true,
        after: true,
        before: true,
      }),
    },
    handler: async (request, reply) => {
      const filter = { roles: kind.roles, scope: clcScope(authOf(request)), query: request.query };
      return sendPreparedExport(reply, {
        format: request.params.format,
        filename: `${kind.path}s`,
        headers: exportColumns(kind.kind).map((c) => c.header),
        csvChunks: () => peopleCsvChunks(deps.db, kind.kind, filter),
        cellBatches: () => peopleCellBatches(deps.db, kind.kind, filter),
      });
    },
  });

  r.get(`${base}/email-in-use`, {
    config: { access: { right: kind.rights.display } },
    schema: {
      tags,
      summary: 'How many people already use an e-mail (e-mails may be shared; the form warns)',
      params: localeParams,
      querystring: z.object({
        email: z.string().trim().min(3).max(254),
        exceptId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
      }),
      response: { 200: emailInUseSchema },
    },
    handler: async (request) =>
      service.emailInUse(deps, request.query.email, request.query.exceptId),
  });

  r.post(base, {
    config: { access: { right: kind.rights.create } },
    schema: {
      tags,
      summary: `Create a ${noun}`,
      params: localeParams,
      body: kind.input,
      response: { 200: savedSchema(kind.detail), 400: errorBodySchema },
    },
    handler: async (request) =>
      service.createPerson(deps, authOf(request), kind, request.body as service.PersonData),
  });

  r.get(`${base}/:id`, {
    config: { access: { right: kind.rights.display } },
    schema: {
      tags,
      summary: `One ${noun}`,
      params: idParams,
      response: { 200: kind.detail, 404: errorBodySchema },
    },
    handler: async (request) =>
      service.getPersonDetail(deps, authOf(request), kind, request.params.id),
  });

  r.put(`${base}/:id`, {
    config: { access: { right: kind.rights.edit } },
    schema: {
      tags,
      summary: `Edit a ${noun} at the version the editor saw (409 when someone else changed it)`,
      params: idParams,
      body: personUpdateSchema(kind.input),
      response: {
        200: savedSchema(kind.detail),
        400: errorBodySchema,
        404: errorBodySchema,
        409: errorBodySchema,
      },
    },
    handler: async (request) => {
      const body = request.body as { version: number; data: service.PersonData };
      return service.updatePerson(
        deps,
        authOf(request),
        kind,
        request.params.id,
        body.version,
        body.data,
      );
    },
  });

  r.get(`${base}/:id/history`, {
    config: { access: { right: kind.rights.display } },
    schema: {
      tags,
      summary: `Who changed the ${noun}, what and when`,
      params: idParams,
      response: { 200: z.array(historyEntrySchema) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      if (
        !(await repo.getPerson(
          deps.db,
          { roles: kind.roles, scope: clcScope(auth) },
          request.params.id,
        ))
      )
        throw notFound(`The ${noun}`);
      return findHistory(deps.db, 'user', request.params.id);
    },
  });
}

export async function peopleRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  for (const kind of Object.values(KINDS)) kindRoutes(app, deps, kind);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const student = KINDS.student;
  const photoParams = idParams.extend({ photo: z.enum(STUDENT_PHOTO_KINDS) });

  r.post('/api/:locale/student/:id/photo/:photo', {
    config: { access: { right: 'STUDENT__EDIT' }, files: { maxBytes: MAX_IMAGE_BYTES } },
    schema: {
      tags: ['people'],
      summary: 'Upload a student’s profile or certificate photo (once each; multipart field file)',
      params: photoParams,
      response: {
        200: student.detail,
        400: errorBodySchema,
        404: errorBodySchema,
        409: errorBodySchema,
      },
    },
    handler: async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      return photos.uploadStudentPhoto(deps, authOf(request), student, {
        id: request.params.id,
        photo: request.params.photo,
        file: uploadedFile(body),
      });
    },
  });

  r.delete('/api/:locale/student/:id/photo/:photo', {
    config: { access: { right: 'STUDENT_PHOTO__DELETE' } },
    schema: {
      tags: ['people'],
      summary: 'Clear a student’s photo so they may upload it again',
      params: photoParams,
      response: { 200: student.detail, 404: errorBodySchema },
    },
    handler: async (request) =>
      photos.clearStudentPhoto(
        deps,
        authOf(request),
        student,
        request.params.id,
        request.params.photo,
      ),
  });

  r.get('/api/:locale/clc-partner/options', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['clcs'],
      summary: `CLCs in reach for a select: at most ${DROPDOWN_OPTIONS_LIMIT}, searched on the server beyond that`,
      params: localeParams,
      querystring: z.object({ q: z.string().trim().max(100).optional() }),
      response: { 200: z.object({ items: z.array(clcRefSchema), complete: z.boolean() }) },
    },
    handler: async (request) => findClcOptions(deps.db, clcScope(authOf(request)), request.query.q),
  });

  r.get('/api/:locale/roles/options', {
    config: { access: { right: 'USER__DISPLAY' } },
    schema: {
      tags: ['people'],
      summary: 'The application roles, for the user form, each saying whether you may grant it',
      params: localeParams,
      response: { 200: z.array(roleOptionSchema) },
    },
    handler: async (request) => findRoleOptions(deps.db, authOf(request)),
  });
}
