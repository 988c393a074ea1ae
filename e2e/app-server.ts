import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const root = new URL('..', import.meta.url).pathname;

/** A loopback port the system says is free now. */
export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** An SMTP catcher: every mail lands as a JSON line in `mailbox`, which the journeys read. */
export async function startMailCatcher(
  mailbox: string,
): Promise<{ port: number; close: () => Promise<void> }> {
  writeFileSync(mailbox, '');
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
  const port = (smtp.server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

export type RunningApp = { url: string; stop: () => Promise<void> };

/**
 * Runs the one-command app (`scripts/start.mjs`, as a newcomer runs it) on `dataDir`, on
 * loopback ports free now, and resolves once it says it is running. The journeys run it on
 * PGlite, never on the API suite's PostgreSQL.
 */
export async function startApp(dataDir: string, smtpPort: number): Promise<RunningApp> {
  const port = await freePort();
  // Trainings play from a second origin (decision 0020 §2.3): a port of its own.
  const contentPort = await freePort();
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  const server: ChildProcess = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      LANTERN_DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${String(smtpPort)}`,
      PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
      CONTENT_PORT: String(contentPort),
      LANTERN_CONTENT_ORIGIN: `http://127.0.0.1:${String(contentPort)}`,
      HELPDESK_EMAIL: 'helpdesk@lantern.example',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 180_000;
  while (!/Lantern is running/.test(output)) {
    if (server.exitCode !== null) throw new Error(`The app did not start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The app did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: `http://127.0.0.1:${String(port)}`,
    stop: async () => {
      if (server.pid && server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        process.kill(server.pid, 'SIGTERM');
        await exited;
      }
    },
  };
}
