import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const root = new URL('..', import.meta.url).pathname;

/**
 * Starts an SMTP catcher (every mail lands as a JSON line in a file the journeys read) and the
 * app itself on a new data folder, through the same `npm start` script a newcomer runs.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-e2e-'));
  const mailbox = join(dir, 'mails.jsonl');
  writeFileSync(mailbox, '');
  process.env.LANTERN_E2E_MAILBOX = mailbox;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to)
            ? mail.to.map((a) => a.text).join(', ')
            : (mail.to?.text ?? '');
          appendFileSync(
            mailbox,
            `${JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '' })}\n`,
          );
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const port = process.env.LANTERN_E2E_PORT ?? '41000';
  // Trainings play from a second origin (decision 0020 §2.3): a port of its own, free now.
  const contentPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  // The journeys run the one-command app on a new PGlite folder, never on the suite's PostgreSQL.
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...inherited,
      PORT: port,
      HOST: '127.0.0.1',
      LANTERN_DATA_DIR: join(dir, 'data'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CONTENT_PORT: String(contentPort),
      LANTERN_CONTENT_ORIGIN: `http://127.0.0.1:${contentPort}`,
      HELPDESK_EMAIL: 'helpdesk@lantern.example',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr.on('data', (d: Buffer) => (output += d.toString()));

  const deadline = Date.now() + 180_000;
  while (!/Lantern is running/.test(output)) {
    if (server.exitCode !== null) throw new Error(`The app did not start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The app did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return async () => {
    if (server.pid && server.exitCode === null) {
      process.kill(server.pid, 'SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  };
}
