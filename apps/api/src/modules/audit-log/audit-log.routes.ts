import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditLogFilterSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  type AuditLogItem,
  type AuditPerson,
} from '@lantern/contracts/audit-log';
import type { Deps } from '../../lib/deps';
import { EXPORT_FORMATS, sendExport } from '../../lib/export';
import { localeParams } from '../../lib/params';
import { findAuditRows, findEntityTypes } from './audit-log.repository';

const tags = ['operations'];
const EXPORT_BATCH = 2000;

/** "Amina Yusuf (1042)", and "(merged into 1043)" for a merge tombstone. */
export const personText = (p: AuditPerson | null): string =>
  p === null
    ? ''
    : `${p.name} (${p.id})${p.mergedIntoId === null ? '' : ` (merged into ${p.mergedIntoId})`}`;

/**
 * The audit log: read and export only. There is no route that edits or deletes a row, and a
 * test keeps it that way.
 */
export async function auditLogRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/:locale/audit-log', {
    config: { access: { right: 'AUDIT_LOG__DISPLAY' } },
    schema: {
      tags,
      summary:
        'Audit rows newest first, a page after the cursor `before`: filter by user, record, action and days',
      params: localeParams,
      querystring: auditLogQuerySchema,
      response: { 200: auditLogPageSchema },
    },
    handler: async (request) => {
      const { limit, before, ...filter } = request.query;
      // One row more than asked tells whether an older page exists.
      const found = await findAuditRows(deps.db, filter, { limit: limit + 1, before });
      const items = found.slice(0, limit);
      return { items, next: found.length > limit ? (items.at(-1)?.id ?? null) : null };
    },
  });

  r.get('/api/:locale/audit-log/entity-types', {
    config: { access: { right: 'AUDIT_LOG__DISPLAY' } },
    schema: {
      tags,
      summary: 'The kinds of record the log holds rows for (the record filter)',
      params: localeParams,
      response: { 200: z.array(z.string()) },
    },
    handler: async () => findEntityTypes(deps.db),
  });

  r.get('/api/:locale/audit-log/export/:format', {
    config: { access: { right: 'AUDIT_LOG__EXPORT' } },
    schema: {
      tags,
      summary: 'The filtered audit log as CSV or XLSX, newest first, streamed',
      params: localeParams.extend({ format: z.enum(EXPORT_FORMATS) }),
      querystring: auditLogFilterSchema,
    },
    handler: async (request, reply) => {
      const filter = request.query;
      return sendExport<AuditLogItem>(reply, {
        format: request.params.format,
        filename: 'audit-log',
        batches: (async function* () {
          let before: number | undefined;
          for (;;) {
            const batch = await findAuditRows(deps.db, filter, { limit: EXPORT_BATCH, before });
            if (batch.length > 0) yield batch;
            if (batch.length < EXPORT_BATCH) return;
            before = batch.at(-1)?.id;
          }
        })(),
        columns: [
          { header: 'ID', value: (a) => a.id },
          { header: 'When (UTC)', value: (a) => a.at },
          { header: 'User', value: (a) => personText(a.actor) },
          { header: 'Impersonated by', value: (a) => personText(a.impersonator) },
          { header: 'Action', value: (a) => a.action },
          { header: 'Record type', value: (a) => a.entityType },
          { header: 'Record ID', value: (a) => a.entityId },
          {
            header: 'Changes',
            value: (a) => (a.changes === null ? null : JSON.stringify(a.changes)),
          },
          { header: 'IP address', value: (a) => a.ip },
        ],
      });
    },
  });
}
