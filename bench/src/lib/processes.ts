import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

/** The repository root (bench/src/lib → ../../..). */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const BENCH_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** Settings of the app that the bench sets itself; inherited values would skew a run. */
const APP_ENV_KEYS = [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'LANTERN_DATA_DIR',
  'LANTERN_FILES_DIR',
  'LANTERN_DEMO',
  'LANTERN_WORKERS',
  'LANTERN_ADMIN_USERNAME',
  'LANTERN_ADMIN_PASSWORD',
  'LANTERN_WEB_DIST',
  'LOG_LEVEL',
  'SMTP_URL',
  'PUBLIC_URL',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/** Waits for a child to exit; SIGKILLs it (by pid) when SIGTERM did not end it in time. */
export async function stopChild(
  child: ChildProcess,
  timeoutMs = 15_000,
): Promise<{ code: number | null; signal: string | null; ms: number }> {
  const started = performance.now();
  if (child.exitCode !== null || child.signalCode !== null) {
    return { code: child.exitCode, signal: child.signalCode, ms: 0 };
  }
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    });
  });
  if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
  // An unref'd timer, so that a stopped child does not keep the bench alive for the timeout.
  const timer = sleep(timeoutMs, null, { ref: false });
  const outcome = await Promise.race([exited, timer]);
  if (outcome) return { ...outcome, ms: performance.now() - started };
  if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
  const killed = await exited;
  return { ...killed, ms: performance.now() - started };
}

export type AppProcess = {
  child: ChildProcess;
  pid: number;
  url: string;
  /** Milliseconds from spawn until GET /api/get-current-version answered 200. */
  readyMs: number;
  /** Whether scripts/start.mjs built something first (then readyMs includes a build). */
  rebuilt: boolean;
  /** The "ready in N s" the server printed, when it did. */
  reportedReadySeconds: number | null;
  output: () => string;
  stop: () => Promise<{ code: number | null; signal: string | null; ms: number }>;
};

export type AppOptions = {
  dataDir: string;
  databaseUrl?: string;
  demo?: boolean;
  timeoutMs?: number;
  /** Further app settings (e.g. LANTERN_WORKERS=0, so that no job polls the database). */
  env?: Record<string, string>;
};

/**
 * Runs `node scripts/start.mjs` (what `npm start` runs) on a free port and returns once
 * GET /api/get-current-version answers 200. The clock starts just before the spawn.
 */
export async function startApp(options: AppOptions): Promise<AppProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of APP_ENV_KEYS) Reflect.deleteProperty(env, key);
  env.PORT = String(port);
  env.LANTERN_DATA_DIR = options.dataDir;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.demo) env.LANTERN_DEMO = '1';
  Object.assign(env, options.env ?? {});

  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  // BENCH_APP_PROFILE=<folder>: each app writes a V8 CPU profile there when it stops, to see
  // where a scenario's time goes (Node refuses --cpu-prof in NODE_OPTIONS).
  const profile = process.env.BENCH_APP_PROFILE;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...flags, 'scripts/start.mjs'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const pid = child.pid;
  if (pid === undefined) throw new Error('The app could not be spawned.');

  const deadline = started + (options.timeoutMs ?? 120_000);
  let readyMs = -1;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The app exited (${String(child.exitCode ?? child.signalCode)}) before it answered:\n${output.slice(-4000)}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/get-current-version`, {
        signal: AbortSignal.timeout(2000),
      });
      await response.arrayBuffer();
      if (response.ok) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  if (readyMs < 0) {
    await stopChild(child);
    throw new Error(
      `The app did not answer within ${String(options.timeoutMs ?? 120_000)} ms:\n${output.slice(-4000)}`,
    );
  }
  // The banner is written just after listen; give it a moment to arrive.
  for (let i = 0; i < 50 && !/ready in/.test(output); i += 1) await sleep(10);
  const reported = /ready in ([\d.]+) s/.exec(output);
  return {
    child,
    pid,
    url,
    readyMs,
    rebuilt: /Building @lantern\//.test(output),
    reportedReadySeconds: reported?.[1] ? Number(reported[1]) : null,
    output: () => output,
    stop: () => stopChild(child),
  };
}

/** Runs an npm script synchronously from the repository root; throws on failure. */
export function npmRun(args: string[]): number {
  const started = performance.now();
  const run = spawnSync('npm', args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (run.status !== 0) {
    throw new Error(
      `npm ${args.join(' ')} failed (${String(run.status)}):\n${(run.stdout + run.stderr).slice(-4000)}`,
    );
  }
  return performance.now() - started;
}

let built: Promise<void> | null = null;

/** Builds apps/web and apps/api once per run, so that no timed start includes a build. */
export function ensureBuilt(): Promise<void> {
  built ??= Promise.resolve().then(() => {
    npmRun(['run', 'build', '-w', '@lantern/web']);
    npmRun(['run', 'build', '-w', '@lantern/api']);
  });
  return built;
}
