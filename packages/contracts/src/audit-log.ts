import { z } from 'zod';
import { PAGE_SIZE_MAX } from './constants';
import { VALIDATION } from './messages';

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, VALIDATION.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), VALIDATION.date);

/** The filters of the audit log; the list and its export take the same. */
export const auditLogFilterSchema = z.object({
  /** A JWL-ID (the actor, the impersonator, or one merged into them) or a name or username. */
  user: z.string().trim().max(200).optional(),
  entityType: z.string().trim().max(100).optional(),
  entityId: z.string().trim().max(100).optional(),
  /** Matches actions that start with it: `role` finds role.create and role.rights. */
  action: z.string().trim().max(100).optional(),
  /** From this day on (UTC), inclusive. */
  from: isoDate.optional(),
  /** Up to this day (UTC), inclusive. */
  to: isoDate.optional(),
});
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

/** Newest first, a page at a time: `before` is the last id of the page before (keyset). */
export const auditLogQuerySchema = auditLogFilterSchema.extend({
  limit: z.coerce.number({ error: VALIDATION.number }).int().min(1).max(PAGE_SIZE_MAX).default(25),
  before: z.coerce.number({ error: VALIDATION.number }).int().positive().optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Set when the person was merged away: the JWL-ID they were merged into. */
  mergedIntoId: z.number().int().nullable(),
});
export type AuditPerson = z.infer<typeof auditPersonSchema>;

export const auditLogItemSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: auditPersonSchema.nullable(),
  impersonator: auditPersonSchema.nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  changes: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type AuditLogItem = z.infer<typeof auditLogItemSchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditLogItemSchema),
  /** The cursor of the next (older) page; null on the last page. */
  next: z.number().int().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
