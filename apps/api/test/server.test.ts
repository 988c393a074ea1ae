import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_DB, postgresUrl } from './db-target';

const SERVER = new URL('../src/server.ts', import.meta.url).pathname;
const started: ChildProcess[] = [];
const folders: string[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(env: Record<string, string>): Run {
  // The PGlite run must not inherit the PostgreSQL of the PostgreSQL suite.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...inherited, LOG_LEVEL: 'error', LANTERN_WORKERS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function until(run: Run, pattern: RegExp, ms = 110_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (pattern.test(run.output())) return;
    if (run.child.exitCode !== null) throw new Error(`server exited: ${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${String(pattern)}: ${run.output()}`);
}

async function stop(run: Run): Promise<void> {
  if (run.child.exitCode === null && run.child.pid) process.kill(run.child.pid, 'SIGTERM');
  await run.exited;
}

afterAll(async () => {
  for (const child of started)
    if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.runIf(TEST_DB === 'pglite')('starting on PGlite', () => {
  it('migrates and seeds a new data folder, prints the address and sign-ins, and locks the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lantern-start-'));
    folders.push(dir);
    const port = await freePort();
    const first = startServer({ PORT: String(port), LANTERN_DATA_DIR: dir });
    await until(first, /Lantern is running at http:\/\/localhost:\d+/);
    expect(first.output()).toMatch(/super_admin, admin, academic_manager/);
    expect(first.output()).toContain('lantern-demo');
    const res = await fetch(`http://127.0.0.1:${port}/api/get-current-version`);
    expect(await res.json()).toEqual({ version: '5.12.5' });

    const second = startServer({ PORT: String(await freePort()), LANTERN_DATA_DIR: dir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(
      /data folder .* is in use by another Lantern process \(pid \d+\)/,
    );
    await stop(first);
  }, 120_000);
});

describe.runIf(TEST_DB === 'postgres')('starting on PostgreSQL', () => {
  it('has no demo data unless asked, and creates the first super admin from the environment', async () => {
    const name = `lantern_start_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const port = await freePort();
      const run = startServer({
        PORT: String(port),
        DATABASE_URL: postgresUrl(name),
        LANTERN_DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-pg-')),
        LANTERN_ADMIN_USERNAME: 'root_admin',
        LANTERN_ADMIN_PASSWORD: 'a-strong-first-password',
      });
      await until(run, /Lantern is running/);
      expect(run.output()).not.toContain('Demo sign-ins');
      const demo = await fetch(`http://127.0.0.1:${port}/api/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'lantern-demo' }),
      });
      expect(demo.status).toBe(401);
      const first = await fetch(`http://127.0.0.1:${port}/api/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'root_admin', password: 'a-strong-first-password' }),
      });
      expect(first.status).toBe(200);
      await stop(run);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
