import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { pageOf, pageQuerySchema } from '@lantern/contracts/common';
import { MAIL_STATUSES, mailLogItemSchema, type MailLogItem } from '@lantern/contracts/mail';
import { mailOutbox } from '@lantern/db/schema/operations';
import type { Deps } from '../../lib/deps';
import { localeParams } from '../../lib/params';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One-time links in mails are credentials: whoever reads the log must not be able to use them. */
const maskTokens = (text: string) => text.replace(/([#?&]token=)[A-Za-z0-9_-]+/g, '$1[hidden]');

export async function mailLogRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/:locale/mail-log', {
    config: { access: { right: 'MAIL_LOG__DISPLAY' } },
    schema: {
      tags: ['operations'],
      summary: 'The mail outbox, newest first: search by recipient or subject, filter by status',
      params: localeParams,
      querystring: pageQuerySchema.extend({ status: z.enum(MAIL_STATUSES).optional() }),
      response: { 200: pageOf(mailLogItemSchema) },
    },
    handler: async (request) => {
      const { page, limit, q, status } = request.query;
      const filters: (SQL | undefined)[] = [status ? eq(mailOutbox.status, status) : undefined];
      if (q) {
        const pattern = `%${escapeLike(q)}%`;
        filters.push(or(ilike(mailOutbox.toAddress, pattern), ilike(mailOutbox.subject, pattern)));
      }
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        deps.db
          .select()
          .from(mailOutbox)
          .where(where)
          .orderBy(desc(mailOutbox.id))
          .limit(limit)
          .offset((page - 1) * limit),
        deps.db.select({ n: count() }).from(mailOutbox).where(where),
      ]);
      const items: MailLogItem[] = rows.map((m) => ({
        id: m.id,
        to: m.toAddress,
        subject: m.subject,
        text: maskTokens(m.textBody),
        kind: m.kind,
        status: m.status,
        attempts: m.attempts,
        lastError: m.lastError,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      }));
      return { items, total: total?.n ?? 0, page, limit };
    },
  });
}
