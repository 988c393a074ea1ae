import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
let smtp: SMTPServer;
const received: ParsedMail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await buildTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Lantern <noreply@lantern.test>',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail delivery by SMTP', () => {
  it('sends a queued mail and marks it sent', async () => {
    const id = await t.mailer.enqueue(t.database.db, {
      to: 'someone@lantern.test',
      subject: 'Hello',
      text: 'Body text',
      kind: 'test',
    });
    await t.mailer.deliver(id);
    expect(received.at(-1)?.subject).toBe('Hello');
    expect(received.at(-1)?.text?.trim()).toBe('Body text');
    const [row] = await t.database.query<{ status: string; attempts: number }>(
      `select status, attempts from mail_outbox where id = $1`,
      [id],
    );
    expect(row).toEqual({ status: 'sent', attempts: 1 });
  });

  it('marks a mail failed with the reason when the server refuses it', async () => {
    const id = await t.mailer.enqueue(t.database.db, {
      to: 'not an address',
      subject: 'x',
      text: 'y',
      kind: 'test',
    });
    await expect(t.mailer.deliver(id)).rejects.toThrow();
    const [row] = await t.database.query<{ status: string; last_error: string | null }>(
      `select status, last_error from mail_outbox where id = $1`,
      [id],
    );
    expect(row?.status).toBe('failed');
    expect(row?.last_error).toBeTruthy();
  });

  it('sends a mail once however often delivery is asked for, and retries a failed one', async () => {
    const id = await t.mailer.enqueue(t.database.db, {
      to: 'once@lantern.test',
      subject: 'Once',
      text: 'Only once',
      kind: 'test',
    });
    await Promise.all([t.mailer.deliver(id), t.mailer.deliver(id), t.mailer.deliver(id)]);
    await t.mailer.deliver(id);
    expect(received.filter((m) => m.subject === 'Once')).toHaveLength(1);

    const failing = await t.mailer.enqueue(t.database.db, {
      to: 'not an address either',
      subject: 'Retry',
      text: 'z',
      kind: 'test',
    });
    await expect(t.mailer.deliver(failing)).rejects.toThrow();
    // The address is fixed (as a helpdesk would); the next delivery takes the failed mail.
    await t.database.query(
      `update mail_outbox set to_address = 'fixed@lantern.test' where id = $1`,
      [failing],
    );
    await t.mailer.deliver(failing);
    const [row] = await t.database.query<{ status: string; attempts: number }>(
      `select status, attempts from mail_outbox where id = $1`,
      [failing],
    );
    expect(row).toEqual({ status: 'sent', attempts: 2 });
    expect(received.filter((m) => m.subject === 'Retry')).toHaveLength(1);
  });
});
