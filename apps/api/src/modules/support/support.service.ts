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
import * as repo from './support.repository';
import { queueTicketMails, type Stored } from './support-mails';

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

async function insertTicket(
  tx: Db,
  t: Omit<Stored, 'id'> & {
    issueType: string | null;
    userAgent: string | null;
    screenshotFileId: string | null;
    ip: string;
  },
): Promise<number> {
  const id = await repo.insertTicket(tx, t);
  if (id === undefined) throw new Error('The ticket could not be stored.');
  return id;
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
  const user = await repo.userNameAndEmail(deps.db, auth.user.jwlId);
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
  const recent = await repo.recentPublicTickets(deps.db, ip);
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

type Row = repo.TicketRow;

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

export async function findTickets(deps: Deps, query: Query) {
  const { items, total } = await repo.findTicketRows(deps.db, query);
  return { items: items.map(listItem), total, page: query.page, limit: query.limit };
}

export async function getTicket(deps: Deps, id: number): Promise<Ticket> {
  const row = await repo.ticketRow(deps.db, id);
  if (!row) throw notFound('The ticket');
  const replies = await repo.replyRows(deps.db, id);
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
    if (!(await repo.markReplied(tx, id, input.version))) throw stale();
    await repo.insertReply(tx, id, auth.user.jwlId, input.body);
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
    if (!(await repo.setStatus(tx, id, input.version, input.status))) throw stale();
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
