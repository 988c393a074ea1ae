import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { MAIL_STATUSES } from '@lantern/contracts/mail';
import type { Db } from '@lantern/db/client';
import { mailOutbox } from '@lantern/db/schema/operations';
import { containsPattern } from '../../lib/sql';

export type MailLogQuery = {
  page: number;
  limit: number;
  q?: string | undefined;
  status?: (typeof MAIL_STATUSES)[number] | undefined;
};

/** One page of the outbox, newest first, with the total of the filtered list. */
export async function findMails(db: Db, query: MailLogQuery) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    query.status ? eq(mailOutbox.status, query.status) : undefined,
    pattern
      ? or(
          ilike(mailOutbox.toAddress, pattern),
          ilike(mailOutbox.subject, pattern),
          ilike(mailOutbox.kind, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
