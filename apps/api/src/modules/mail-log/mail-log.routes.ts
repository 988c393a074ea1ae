import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '@lantern/contracts/common';
import { MAIL_STATUSES, mailLogItemSchema } from '@lantern/contracts/mail';
import type { Deps } from '../../lib/deps';
import { localeParams } from '../../lib/params';
import { findMailLog } from './mail-log.service';

export async function mailLogRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/:locale/mail-log', {
    config: { access: { right: 'MAIL_LOG__DISPLAY' } },
    schema: {
      tags: ['operations'],
      summary:
        'The mail outbox, newest first: search by recipient, subject or kind, filter by status',
      params: localeParams,
      querystring: pageQuerySchema.extend({ status: z.enum(MAIL_STATUSES).optional() }),
      response: { 200: pageOf(mailLogItemSchema) },
    },
    handler: async (request) => findMailLog(deps, request.query),
  });
}
