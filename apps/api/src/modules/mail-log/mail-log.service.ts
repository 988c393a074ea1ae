import type { MailLogItem } from '@lantern/contracts/mail';
import type { Deps } from '../../lib/deps';
import { findMails, type MailLogQuery } from './mail-log.repository';

/** One-time links in mails are credentials: whoever reads the log must not be able to use them. */
const maskTokens = (text: string) => text.replace(/([#?&]token=)[A-Za-z0-9_-]+/g, '$1[hidden]');

export async function findMailLog(deps: Deps, query: MailLogQuery) {
  const { rows, total } = await findMails(deps.db, query);
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
  return { items, total, page: query.page, limit: query.limit };
}
