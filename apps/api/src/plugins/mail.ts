import nodemailer, { type Transporter } from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
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

export function createMailer(options: {
  db: Db;
  smtpUrl: string | null;
  from: string;
  dispatch?: (ids: number[]) => Promise<void>;
  onError: (error: unknown) => void;
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
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!mail || mail.status === 'sent') return;
      if (!transport) {
        await db.update(mailOutbox).set({ status: 'stored' }).where(eq(mailOutbox.id, id));
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
        });
        await db
          .update(mailOutbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: null,
          })
          .where(eq(mailOutbox.id, id));
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
    },
    dispatch: (ids) => {
      if (ids.length > 0) dispatchFn(ids).catch(options.onError);
    },
    setDispatch: (fn) => {
      dispatchFn = fn;
    },
  };
}
