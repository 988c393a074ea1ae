import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementInputSchema,
  announcementQuerySchema,
  announcementSchema,
  announcementUpdateSchema,
  versionSchema,
} from '@lantern/contracts/communication';
import { okSchema, pageOf } from '@lantern/contracts/common';
import { errorBodySchema } from '@lantern/contracts/errors';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { idParams, localeParams } from '../../lib/params';
import * as service from './announcements.service';

const audienceOptionsSchema = z.object({
  roles: z.array(z.object({ key: z.string(), label: z.string() })),
  clcs: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  programmes: z.array(z.object({ id: z.number().int(), code: z.string(), title: z.string() })),
  everyoneAllowed: z.boolean(),
});

/** Announcements: written by holders of the ANNOUNCEMENT rights, delivered as notifications. */
export async function announcementRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/announcements';
  const tags = ['announcements'];
  const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

  r.get(base, {
    config: { access: { right: 'ANNOUNCEMENT__DISPLAY' } },
    schema: {
      tags,
      summary: 'Announcements, newest first, with their reach (received, read)',
      params: localeParams,
      querystring: announcementQuerySchema,
      response: { 200: pageOf(announcementSchema) },
    },
    handler: async (request) => service.findAnnouncements(deps, authOf(request), request.query),
  });

  r.get(`${base}/audience-options`, {
    config: { access: { right: 'ANNOUNCEMENT__DISPLAY' } },
    schema: {
      tags,
      summary: 'The roles, CLCs and programmes an announcement may address',
      params: localeParams,
      response: { 200: audienceOptionsSchema },
    },
    handler: async (request) => service.audienceOptions(deps, authOf(request)),
  });

  r.post(base, {
    config: { access: { right: 'ANNOUNCEMENT__CREATE' } },
    schema: {
      tags,
      summary: 'Writes an announcement (a draft, or published with publish: true)',
      params: localeParams,
      body: announcementInputSchema,
      response: { 200: announcementSchema, ...errors },
    },
    handler: async (request) => service.createAnnouncement(deps, authOf(request), request.body),
  });

  r.get(`${base}/:id`, {
    config: { access: { right: 'ANNOUNCEMENT__DISPLAY' } },
    schema: {
      tags,
      summary: 'One announcement with its reach',
      params: idParams,
      response: { 200: announcementSchema, 404: errorBodySchema },
    },
    handler: async (request) => service.getAnnouncement(deps, authOf(request), request.params.id),
  });

  r.put(`${base}/:id`, {
    config: { access: { right: 'ANNOUNCEMENT__EDIT' } },
    schema: {
      tags,
      summary: 'Changes an announcement; unread notifications follow the change',
      params: idParams,
      body: announcementUpdateSchema,
      response: { 200: announcementSchema, ...errors },
    },
    handler: async (request) =>
      service.updateAnnouncement(deps, authOf(request), request.params.id, request.body),
  });

  for (const action of ['publish', 'withdraw'] as const) {
    r.post(`${base}/:id/${action}`, {
      config: { access: { right: 'ANNOUNCEMENT__PUBLISH' } },
      schema: {
        tags,
        summary:
          action === 'publish'
            ? 'Publishes an announcement: its notifications are made in the background'
            : 'Withdraws an announcement: unread notifications of it are removed',
        params: idParams,
        body: versionSchema,
        response: { 200: announcementSchema, ...errors },
      },
      handler: async (request) =>
        service.setStatus(deps, authOf(request), request.params.id, action, request.body.version),
    });
  }

  r.delete(`${base}/:id`, {
    config: { access: { right: 'ANNOUNCEMENT__DELETE' } },
    schema: {
      tags,
      summary: 'Deletes an announcement and every notification of it',
      params: idParams,
      response: { 200: okSchema, 404: errorBodySchema },
    },
    handler: async (request) => {
      await service.deleteAnnouncement(deps, authOf(request), request.params.id);
      return { ok: true as const };
    },
  });
}
