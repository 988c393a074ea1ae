import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  publicTicketInputSchema,
  supportIssueInputSchema,
  ticketCreatedSchema,
  ticketListItemSchema,
  ticketQuerySchema,
  ticketReplyInputSchema,
  ticketSchema,
  ticketStatusInputSchema,
} from '@lantern/contracts/communication';
import { z } from 'zod';
import { pageOf } from '@lantern/contracts/common';
import { errorBodySchema } from '@lantern/contracts/errors';
import { authOf } from '../../plugins/auth';
import { uploadedFile } from '../../plugins/body';
import type { Deps } from '../../lib/deps';
import { idParams, localeParams } from '../../lib/params';
import * as service from './support.service';

/** A screenshot is an image; larger ones are refused before they are read whole. */
const MAX_SCREENSHOT_BYTES = 20 * 1024 * 1024;

/** The issue report form, the public ticket, and the helpdesk's page of both. */
export async function supportRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['support'];
  const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

  r.post('/api/:locale/support-issues', {
    config: { access: 'signedIn', files: { maxBytes: MAX_SCREENSHOT_BYTES } },
    schema: {
      tags,
      summary:
        'Reports an issue (multipart; optional screenshot file, JPEG or PNG); your JWL-ID is attached',
      params: localeParams,
      // The screenshot is read by the multipart layer; the schema only lets it through.
      body: supportIssueInputSchema.extend({ screenshot: z.unknown().optional() }),
      response: { 200: ticketCreatedSchema, 400: errorBodySchema, 413: errorBodySchema },
    },
    handler: async (request) =>
      service.createSupportIssue(
        deps,
        authOf(request),
        request.body,
        uploadedFile(request.body, 'screenshot'),
      ),
  });

  r.post('/public-api/1.0/public-ticket', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'A message to the helpdesk without sign-in (limited per address)',
      body: publicTicketInputSchema,
      response: { 200: ticketCreatedSchema, 400: errorBodySchema, 429: errorBodySchema },
    },
    handler: async (request) => service.createPublicTicket(deps, request.body, request.ip),
  });

  r.get('/api/:locale/support-tickets', {
    config: { access: { right: 'SUPPORT_TICKET__DISPLAY' } },
    schema: {
      tags,
      summary: 'Support issues and public tickets, newest first: filter by status and kind, search',
      params: localeParams,
      querystring: ticketQuerySchema,
      response: { 200: pageOf(ticketListItemSchema) },
    },
    handler: async (request) => service.findTickets(deps, request.query),
  });

  r.get('/api/:locale/support-tickets/:id', {
    config: { access: { right: 'SUPPORT_TICKET__DISPLAY' } },
    schema: {
      tags,
      summary: 'One ticket with what was attached and the replies',
      params: idParams,
      response: { 200: ticketSchema, 404: errorBodySchema },
    },
    handler: async (request) => service.getTicket(deps, request.params.id),
  });

  r.post('/api/:locale/support-tickets/:id/reply', {
    config: { access: { right: 'SUPPORT_TICKET__EDIT' } },
    schema: {
      tags,
      summary: 'Replies to the sender by mail; a new ticket is then in progress',
      params: idParams,
      body: ticketReplyInputSchema,
      response: { 200: ticketSchema, ...errors },
    },
    handler: async (request) =>
      service.replyToTicket(deps, authOf(request), request.params.id, request.body),
  });

  r.post('/api/:locale/support-tickets/:id/status', {
    config: { access: { right: 'SUPPORT_TICKET__EDIT' } },
    schema: {
      tags,
      summary: 'Sets the status: new, in progress or closed',
      params: idParams,
      body: ticketStatusInputSchema,
      response: { 200: ticketSchema, ...errors },
    },
    handler: async (request) =>
      service.setTicketStatus(deps, authOf(request), request.params.id, request.body),
  });
}
