import { z } from 'zod';

/** `sending`: claimed by a worker; one left there by a crash is released by the sweep. */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'stored'] as const;

export const mailLogItemSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailLogItem = z.infer<typeof mailLogItemSchema>;
