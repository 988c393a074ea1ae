import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ticket, ticketQuerySchema, TicketStatus } from '@lantern/contracts/communication';
import type { Db } from '@lantern/db/client';
import { containsPattern, jsonParam, rows } from '../../lib/sql';

type Query = z.output<typeof ticketQuerySchema>;

/** A ticket as stored, before its id. */
export type TicketValues = {
  kind: 'support_issue' | 'public_ticket';
  name: string;
  email: string | null;
  subject: string;
  description: string;
  userId: number | null;
  pageUrl: string | null;
  course: string | null;
  errors: { error: string; page: string; timestamp: string }[];
  issueType: string | null;
  userAgent: string | null;
  screenshotFileId: string | null;
  ip: string;
};

export async function insertTicket(tx: Db, t: TicketValues): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into support_tickets (kind, user_id, name, email, subject, issue_type, description,
          page_url, course, errors, user_agent, screenshot_file_id, ip)
        values (${t.kind}, ${t.userId}, ${t.name}, ${t.email}, ${t.subject}, ${t.issueType},
          ${t.description}, ${t.pageUrl}, ${t.course}, ${jsonParam(t.errors)}::jsonb, ${t.userAgent},
          ${t.screenshotFileId}::uuid, ${t.ip})
        returning id`,
  );
  return row?.id;
}

export async function userNameAndEmail(db: Db, userId: number) {
  const [user] = await rows<{ name: string; email: string | null }>(
    db,
    sql`select first_name || ' ' || last_name as name, email from users where jwl_id = ${userId}`,
  );
  return user;
}

/** How many public tickets an address sent in the last hour, and when the oldest of them. */
export async function recentPublicTickets(db: Db, ip: string) {
  const [recent] = await rows<{ n: number; oldest: Date | string | null }>(
    db,
    sql`select count(*)::int as n, min(created_at) as oldest from support_tickets
         where ip = ${ip} and kind = 'public_ticket' and created_at > now() - interval '1 hour'`,
  );
  return recent;
}

export type TicketRow = {
  id: number;
  kind: Ticket['kind'];
  status: TicketStatus;
  subject: string;
  name: string;
  email: string | null;
  user_id: number | null;
  created_at: Date | string;
  updated_at: Date | string;
  replies: number;
};

const LIST = sql`select t.id, t.kind, t.status, t.subject, t.name, t.email, t.user_id, t.created_at,
  t.updated_at, (select count(*)::int from support_ticket_replies r where r.ticket_id = t.id) as replies
  from support_tickets t`;

export async function findTicketRows(
  db: Db,
  query: Query,
): Promise<{ items: TicketRow[]; total: number }> {
  const q = query.q ? containsPattern(query.q) : null;
  const idQuery = query.q && /^#?\d{1,9}$/.test(query.q) ? Number(query.q.replace('#', '')) : null;
  const where = sql`true
    ${query.status ? sql`and t.status = ${query.status}` : sql``}
    ${query.kind ? sql`and t.kind = ${query.kind}` : sql``}
    ${
      q
        ? sql`and (t.subject ilike ${q} or t.name ilike ${q} or t.email ilike ${q} or t.description ilike ${q}
                   ${idQuery !== null ? sql`or t.id = ${idQuery} or t.user_id = ${idQuery}` : sql``})`
        : sql``
    }`;
  const [items, [total]] = await Promise.all([
    rows<TicketRow>(
      db,
      sql`${LIST} where ${where} order by t.id desc
          limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from support_tickets t where ${where}`),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function ticketRow(db: Db, id: number) {
  const [row] = await rows<
    TicketRow & {
      issue_type: string | null;
      description: string;
      page_url: string | null;
      course: string | null;
      errors: Ticket['errors'] | string;
      user_agent: string | null;
      screenshot_file_id: string | null;
      version: number;
    }
  >(
    db,
    sql`select t.id, t.kind, t.status, t.subject, t.name, t.email, t.user_id, t.created_at, t.updated_at,
          t.issue_type, t.description, t.page_url, t.course, t.errors, t.user_agent,
          t.screenshot_file_id, t.version,
          (select count(*)::int from support_ticket_replies r where r.ticket_id = t.id) as replies
          from support_tickets t where t.id = ${id}`,
  );
  return row;
}

export async function replyRows(db: Db, ticketId: number) {
  return rows<{
    id: number;
    body: string;
    author: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select r.id, r.body, u.first_name || ' ' || u.last_name as author, r.created_at
          from support_ticket_replies r left join users u on u.jwl_id = r.author_id
         where r.ticket_id = ${ticketId} order by r.id`,
  );
}

/** A reply's mark on its ticket (a new one is then in progress); false when the version is stale. */
export async function markReplied(tx: Db, id: number, version: number): Promise<boolean> {
  const changed = await rows<{ id: number }>(
    tx,
    sql`update support_tickets set version = version + 1, updated_at = now(),
            status = case when status = 'new' then 'in_progress'::ticket_status else status end
          where id = ${id} and version = ${version} returning id`,
  );
  return changed.length > 0;
}

export async function insertReply(
  tx: Db,
  ticketId: number,
  authorId: number,
  body: string,
): Promise<void> {
  await tx.execute(
    sql`insert into support_ticket_replies (ticket_id, author_id, body)
          values (${ticketId}, ${authorId}, ${body})`,
  );
}

/** Sets a ticket's status; false when the version is stale. */
export async function setStatus(
  tx: Db,
  id: number,
  version: number,
  status: TicketStatus,
): Promise<boolean> {
  const changed = await rows<{ id: number }>(
    tx,
    sql`update support_tickets set status = ${status}::ticket_status,
            version = version + 1, updated_at = now()
          where id = ${id} and version = ${version} returning id`,
  );
  return changed.length > 0;
}
