import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PUBLIC_TICKET_LIMIT_PER_HOUR,
  TICKET_STATUS_LABELS,
  type publicTicketInputSchema,
  type supportIssueInputSchema,
  type Ticket,
  type ticketQuerySchema,
  type TicketStatus,
} from '@lantern/contracts/communication';
import { VALIDATION } from '@lantern/contracts/messages';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/body';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { insertFile } from '../../lib/files';
import { cleanImage } from '../../lib/images';
import { containsPattern, jsonParam, rows } from '../../lib/sql';

type IssueInput = z.output<typeof supportIssueInputSchema>;
type TicketInput = z.output<typeof publicTicketInputSchema>;
type Query = z.output<typeof ticketQuerySchema>;

export const ISSUE_RECEIVED_MESSAGE =
  'Thank you. Your report has reached the helpdesk; we have sent you a confirmation by e-mail.';
export const TICKET_RECEIVED_MESSAGE =
  'Thank you. Your message has reached the helpdesk; we have sent you a confirmation by e-mail.';

const ISSUE_TITLES: Record<string, string> = { 'system-error': 'Error report' };

const oneLine = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

type Stored = {
  id: number;
  kind: 'support_issue' | 'public_ticket';
  name: string;
  email: string | null;
  subject: string;
  description: string;
  userId: number | null;
  pageUrl: string | null;
  course: string | null;
  errors: { error: string; page: string; timestamp: string }[];
};

/** The sender's acknowledgement and the helpdesk's copy, in the transaction that stored it. */
async function queueTicketMails(deps: Deps, tx: Db, t: Stored): Promise<number[]> {
  const ids: number[] = [];
  const ref = `#${t.id}`;
  if (t.email) {
    ids.push(
      await deps.mailer.enqueue(tx, {
        to: t.email,
        toUserId: t.userId,
        kind: 'support-acknowledgement',
        subject: `We received your message ${ref}: ${t.subject}`,
        text: [
          `Hello ${t.name},`,
          '',
          `Thank you for contacting the Lantern helpdesk. We received your message and will answer as soon as we can. Its number is ${ref}.`,
          '',
          'Your message:',
          t.description,
          '',
          'The Lantern helpdesk',
        ].join('\n'),
      }),
    );
  }
  if (deps.config.helpdeskEmail) {
    const lines = [
      `${t.kind === 'support_issue' ? 'Support issue' : 'Public ticket'} ${ref}`,
      `From: ${t.name}${t.email ? ` <${t.email}>` : ''}${t.userId ? ` (JWL-ID ${t.userId})` : ''}`,
      ...(t.pageUrl ? [`Page: ${t.pageUrl}`] : []),
      ...(t.course ? [`Course: ${t.course}`] : []),
      `Subject: ${t.subject}`,
      '',
      t.description,
    ];
    if (t.errors.length > 0) {
      lines.push('', `Recorded errors (${t.errors.length}):`);
      for (const e of t.errors) lines.push(`- ${e.timestamp} ${e.page}: ${e.error}`);
    }
    lines.push('', `Open it: ${deps.config.publicUrl}/en/support-tickets?ticket=${t.id}`);
    ids.push(
      await deps.mailer.enqueue(tx, {
        to: deps.config.helpdeskEmail,
        kind: 'support-helpdesk',
        subject: `[Lantern ${ref}] ${t.subject}`,
        text: lines.join('\n'),
      }),
    );
  }
  return ids;
}

async function insertTicket(
  tx: Db,
  t: Omit<Stored, 'id'> & {
    issueType: string | null;
    userAgent: string | null;
    screenshotFileId: string | null;
    ip: string;
  },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into support_tickets (kind, user_id, name, email, subject, issue_type, description,
          page_url, course, errors, user_agent, screenshot_file_id, ip)
        values (${t.kind}, ${t.userId}, ${t.name}, ${t.email}, ${t.subject}, ${t.issueType},
          ${t.description}, ${t.pageUrl}, ${t.course}, ${jsonParam(t.errors)}::jsonb, ${t.userAgent},
          ${t.screenshotFileId}::uuid, ${t.ip})
        returning id`,
  );
  if (!row) throw new Error('The ticket could not be stored.');
  return row.id;
}

/** A signed-in user's report (support_issue), with what the app attached to it. */
export async function createSupportIssue(
  deps: Deps,
  auth: AuthContext,
  input: IssueInput,
  file: UploadedFile | null,
): Promise<{ id: number; message: string }> {
  const image = file ? await cleanImage(await file.read(), 1920) : null;
  if (file && !image)
    throw badRequest(`${VALIDATION.file}: only JPEG or PNG images are accepted.`, {
      screenshot: VALIDATION.file,
    });
  const [user] = await rows<{ name: string; email: string | null }>(
    deps.db,
    sql`select first_name || ' ' || last_name as name, email from users where jwl_id = ${auth.user.jwlId}`,
  );
  const storageKey = image ? (await deps.files.put(image.data)).storageKey : null;
  const title = ISSUE_TITLES[input.issueType] ?? 'Support request';
  const stored: Omit<Stored, 'id'> = {
    kind: 'support_issue',
    userId: auth.user.jwlId,
    name: user?.name ?? auth.user.username,
    email: user?.email ?? null,
    subject: `${title}: ${oneLine(input.description, 80)}`,
    description: input.description,
    pageUrl: input.pageUrl || null,
    course: input.course || null,
    errors: input.errors,
  };
  try {
    const { id, mailIds } = await deps.db.transaction(async (tx) => {
      const screenshotFileId =
        image && storageKey
          ? await insertFile(tx, {
              ownerId: auth.user.jwlId,
              kind: 'support-screenshot',
              mime: image.mime,
              size: image.data.length,
              sha256: image.sha256,
              storageKey,
            })
          : null;
      const id = await insertTicket(tx, {
        ...stored,
        issueType: input.issueType,
        userAgent: input.userAgent || null,
        screenshotFileId,
        ip: auth.ip,
      });
      await audit(tx, auth, {
        action: 'support_issue.created',
        entityType: 'support_ticket',
        entityId: id,
        changes: { issueType: input.issueType, pageUrl: input.pageUrl },
      });
      return { id, mailIds: await queueTicketMails(deps, tx, { ...stored, id }) };
    });
    deps.mailer.dispatch(mailIds);
    return { id, message: ISSUE_RECEIVED_MESSAGE };
  } catch (error) {
    if (storageKey) await deps.files.remove(storageKey);
    throw error;
  }
}

/**
 * A ticket from anyone, without sign-in. A bot that filled the hidden field is answered as if
 * all went well and nothing is stored; an address that sent its hourly share is told to wait.
 */
export async function createPublicTicket(
  deps: Deps,
  input: TicketInput,
  ip: string,
): Promise<{ id: number; message: string }> {
  if (input.website.trim() !== '') return { id: 0, message: TICKET_RECEIVED_MESSAGE };
  const [recent] = await rows<{ n: number; oldest: Date | string | null }>(
    deps.db,
    sql`select count(*)::int as n, min(created_at) as oldest from support_tickets
         where ip = ${ip} and kind = 'public_ticket' and created_at > now() - interval '1 hour'`,
  );
  if ((recent?.n ?? 0) >= PUBLIC_TICKET_LIMIT_PER_HOUR) {
    const oldest = recent?.oldest ? new Date(recent.oldest).getTime() : Date.now();
    const wait = Math.max(60, Math.ceil((oldest + 3_600_000 - Date.now()) / 1000));
    throw new AppError(
      429,
      'TOO_MANY_ATTEMPTS',
      `Too many messages from your address. Please try again in ${Math.ceil(wait / 60)} minutes.`,
      { retryAfterSeconds: wait },
    );
  }
  const stored: Omit<Stored, 'id'> = {
    kind: 'public_ticket',
    userId: null,
    name: input.name,
    email: input.email,
    subject: input.subject,
    description: input.description,
    pageUrl: null,
    course: null,
    errors: [],
  };
  const { id, mailIds } = await deps.db.transaction(async (tx) => {
    const id = await insertTicket(tx, {
      ...stored,
      issueType: null,
      userAgent: null,
      screenshotFileId: null,
      ip,
    });
    await audit(
      tx,
      null,
      { action: 'public_ticket.created', entityType: 'support_ticket', entityId: id },
      ip,
    );
    return { id, mailIds: await queueTicketMails(deps, tx, { ...stored, id }) };
  });
  deps.mailer.dispatch(mailIds);
  return { id, message: TICKET_RECEIVED_MESSAGE };
}

type Row = {
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

const listItem = (r: Row) => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  subject: r.subject,
  name: r.name,
  email: r.email,
  userId: r.user_id,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
  replies: r.replies,
});

const LIST = sql`select t.id, t.kind, t.status, t.subject, t.name, t.email, t.user_id, t.created_at,
  t.updated_at, (select count(*)::int from support_ticket_replies r where r.ticket_id = t.id) as replies
  from support_tickets t`;

export async function findTickets(deps: Deps, query: Query) {
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
    rows<Row>(
      deps.db,
      sql`${LIST} where ${where} order by t.id desc
          limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
    rows<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from support_tickets t where ${where}`,
    ),
  ]);
  return { items: items.map(listItem), total: total?.n ?? 0, page: query.page, limit: query.limit };
}

export async function getTicket(deps: Deps, id: number): Promise<Ticket> {
  const [row] = await rows<
    Row & {
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
    deps.db,
    sql`select t.id, t.kind, t.status, t.subject, t.name, t.email, t.user_id, t.created_at, t.updated_at,
          t.issue_type, t.description, t.page_url, t.course, t.errors, t.user_agent,
          t.screenshot_file_id, t.version,
          (select count(*)::int from support_ticket_replies r where r.ticket_id = t.id) as replies
          from support_tickets t where t.id = ${id}`,
  );
  if (!row) throw notFound('The ticket');
  const replies = await rows<{
    id: number;
    body: string;
    author: string | null;
    created_at: Date | string;
  }>(
    deps.db,
    sql`select r.id, r.body, u.first_name || ' ' || u.last_name as author, r.created_at
          from support_ticket_replies r left join users u on u.jwl_id = r.author_id
         where r.ticket_id = ${id} order by r.id`,
  );
  return {
    ...listItem(row),
    issueType: row.issue_type,
    description: row.description,
    pageUrl: row.page_url,
    course: row.course,
    errors:
      typeof row.errors === 'string' ? (JSON.parse(row.errors) as Ticket['errors']) : row.errors,
    userAgent: row.user_agent,
    screenshot: row.screenshot_file_id ? deps.files.signedUrl(row.screenshot_file_id) : null,
    version: row.version,
    replyList: replies.map((r) => ({
      id: r.id,
      body: r.body,
      author: r.author,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

const stale = () =>
  new AppError(
    409,
    'STALE_VERSION',
    'Someone else changed this ticket meanwhile. Reload it to see their change.',
  );

/** A reply of the helpdesk: stored, mailed to the sender; a new ticket is then in progress. */
export async function replyToTicket(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: { body: string; version: number },
): Promise<Ticket> {
  const ticket = await getTicket(deps, id);
  if (!ticket.email)
    throw badRequest('This sender has no e-mail address, so a reply cannot reach them.');
  const mailIds = await deps.db.transaction(async (tx) => {
    const changed = await rows<{ id: number }>(
      tx,
      sql`update support_tickets set version = version + 1, updated_at = now(),
            status = case when status = 'new' then 'in_progress'::ticket_status else status end
          where id = ${id} and version = ${input.version} returning id`,
    );
    if (changed.length === 0) throw stale();
    await tx.execute(
      sql`insert into support_ticket_replies (ticket_id, author_id, body)
          values (${id}, ${auth.user.jwlId}, ${input.body})`,
    );
    await audit(tx, auth, {
      action: 'support_ticket.replied',
      entityType: 'support_ticket',
      entityId: id,
    });
    return [
      await deps.mailer.enqueue(tx, {
        to: ticket.email ?? '',
        toUserId: ticket.userId,
        kind: 'support-reply',
        subject: `Re: your message #${id}: ${ticket.subject}`,
        text: [
          `Hello ${ticket.name},`,
          '',
          input.body,
          '',
          'The Lantern helpdesk',
          '',
          `— Your message #${id} —`,
          ticket.description,
        ].join('\n'),
      }),
    ];
  });
  deps.mailer.dispatch(mailIds);
  return getTicket(deps, id);
}

export async function setTicketStatus(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: { status: TicketStatus; version: number },
): Promise<Ticket> {
  const before = await getTicket(deps, id);
  await deps.db.transaction(async (tx) => {
    const changed = await rows<{ id: number }>(
      tx,
      sql`update support_tickets set status = ${input.status}::ticket_status,
            version = version + 1, updated_at = now()
          where id = ${id} and version = ${input.version} returning id`,
    );
    if (changed.length === 0) throw stale();
    await audit(tx, auth, {
      action: 'support_ticket.status_changed',
      entityType: 'support_ticket',
      entityId: id,
      changes: {
        from: TICKET_STATUS_LABELS[before.status],
        to: TICKET_STATUS_LABELS[input.status],
      },
    });
  });
  return getTicket(deps, id);
}
