import nodemailer, { type Transporter } from 'nodemailer';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { mailOutbox } from '@lantern/db/schema/operations';

export type OutgoingMail = {
  to: string;
  toUserId?: number | null;
  subject: string;
  text: string;
  kind: string;
};

export type Mailer = {
  /** Puts a mail in the outbox (inside the caller's transaction); returns its id. */
  enqueue: (db: Db, mail: OutgoingMail) => Promise<number>;
  /** Delivers one queued mail now: by SMTP, or kept readable in the outbox when none is set. */
  deliver: (id: number) => Promise<void>;
  /**
   * Asks the workers to deliver these mails (after the transaction that queued them). It never
   * fails the caller: a mail whose dispatch is lost stays queued and the sweep job sends it.
   */
  dispatch: (ids: number[]) => void;
};

/** One-time links (password reset, invitation) in a mail's text. */
const ONE_TIME_LINK = /\bhttps?:\/\/\S+[#?&]token=[A-Za-z0-9_-]+/g;

/** What the server console shows of a mail kept without SMTP: its one-time links, so the
 * person running the app can finish a reset or an invitation. The mail log hides them (an
 * admin who could read them could take over any account). */
export function consoleLinkLines(mail: { toAddress: string; kind: string; textBody: string }) {
  const links = mail.textBody.match(ONE_TIME_LINK) ?? [];
  return links.map((link) => `No SMTP_URL: ${mail.kind} link for ${mail.toAddress}: ${link}`);
}

export function createMailer(options: {
  db: Db;
  smtpUrl: string | null;
  from: string;
  dispatch?: (ids: number[]) => Promise<void>;
  onError: (error: unknown) => void;
  /** Where the one-time links of mails kept without SMTP are printed (the server console). */
  printLine?: (line: string) => void;
}): Mailer & { setDispatch: (fn: (ids: number[]) => Promise<void>) => void } {
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : null;
  let dispatchFn = options.dispatch ?? (async () => undefined);
  const { db } = options;

  return {
    enqueue: async (tx, mail) => {
      const [row] = await tx
        .insert(mailOutbox)
        .values({
          toAddress: mail.to,
          toUserId: mail.toUserId ?? null,
          subject: mail.subject,
          textBody: mail.text,
          kind: mail.kind,
          status: 'queued',
        })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('The mail could not be queued.');
      return row.id;
    },
    deliver: async (id) => {
      // Claim the mail first, so two workers (a retry and the sweep) never send it twice.
      const [mail] = await db
        .update(mailOutbox)
        .set({ status: 'sending', attemptedAt: new Date() })
        .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['queued', 'failed'])))
        .returning();
      if (!mail) return;
      if (!transport) {
        await db.update(mailOutbox).set({ status: 'stored' }).where(eq(mailOutbox.id, id));
        for (const line of consoleLinkLines(mail)) options.printLine?.(line);
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
        });
      } catch (error) {
        await db
          .update(mailOutbox)
          .set({
            status: 'failed',
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: error instanceof Error ? error.message.slice(0, 500) : 'delivery failed',
          })
          .where(eq(mailOutbox.id, id));
        throw error;
      }
      // A crash between the server's acceptance and this line leaves the mail 'sending'; the
      // sweep releases it and it is sent once more (docs/decisions/0006).
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: new Date(),
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastError: null,
        })
        .where(eq(mailOutbox.id, id));
    },
    dispatch: (ids) => {
      if (ids.length > 0) dispatchFn(ids).catch(options.onError);
    },
    setDispatch: (fn) => {
      dispatchFn = fn;
    },
  };
}
