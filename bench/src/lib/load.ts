import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '@lantern/db/seed';
import { median, type Json } from './report';
import { BENCH_DIR, stopChild } from './processes';

export type LoadResult = {
  /** Successful (2xx) responses per second over the measured window. */
  rps: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyMean: number;
  latencyP50: number;
  latencyP99: number;
  seconds: number;
};

export const loadDetail = (r: LoadResult): Json => ({
  rps: Number(r.rps.toFixed(1)),
  requests: r.total,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  latencyMeanMs: Number(r.latencyMean.toFixed(2)),
  latencyP50ms: r.latencyP50,
  latencyP99ms: r.latencyP99,
  seconds: r.seconds,
});

/**
 * Runs autocannon: a short warm-up (not counted), then the measured window. Throws when any
 * response was not 2xx or a connection failed, since the rate would then mean nothing.
 */
export async function load(
  options: autocannon.Options & { warmupSeconds?: number },
): Promise<LoadResult> {
  const { warmupSeconds = 2, ...rest } = options;
  if (warmupSeconds > 0) await autocannon({ ...rest, duration: warmupSeconds });
  const result = await autocannon(rest);
  const ok = result['2xx'];
  if (result.non2xx > 0 || result.errors > 0) {
    const codes = JSON.stringify(result.statusCodeStats ?? {});
    throw new Error(
      `Load on ${rest.url} had ${String(result.non2xx)} non-2xx responses and ${String(result.errors)} errors (status codes ${codes}).`,
    );
  }
  return {
    rps: ok / result.duration,
    total: ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyMean: result.latency.mean,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    seconds: result.duration,
  };
}

/** Runs `body` from `concurrency` loops for `seconds` (after a warm-up); answers completions per second. */
export async function loop(
  body: () => Promise<void>,
  options: { concurrency: number; seconds: number; warmupSeconds?: number },
): Promise<{ rps: number; count: number; seconds: number }> {
  const run = async (seconds: number) => {
    let count = 0;
    const started = performance.now();
    const until = started + seconds * 1000;
    const worker = async () => {
      while (performance.now() < until) {
        await body();
        count += 1;
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    const elapsed = (performance.now() - started) / 1000;
    return { rps: count / elapsed, count, seconds: elapsed };
  };
  if ((options.warmupSeconds ?? 1) > 0) await run(options.warmupSeconds ?? 1);
  return run(options.seconds);
}

/**
 * A Fastify hello-world in its own process (like the app under test), without a logger.
 * Answers its URL and a stop function; load it with `load`.
 */
export async function startHelloWorld(): Promise<{ url: string; stop: () => Promise<unknown> }> {
  const file = fileURLToPath(new URL('../hello-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: BENCH_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => {
        reject(new Error(`The hello-world server did not start: ${out}`));
      }, 20_000);
      const onData = (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const match = /listening on (\d+)/.exec(out);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The hello-world server exited (${String(code)}): ${out}`));
      });
    });
    return { url: `http://127.0.0.1:${String(port)}/`, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/** Sums load rounds into one figure (2xx per second over all measured seconds). */
export function combine(rounds: LoadResult[]): LoadResult {
  const total = rounds.reduce((s, r) => s + r.total, 0);
  const seconds = rounds.reduce((s, r) => s + r.seconds, 0);
  return {
    rps: total / seconds,
    total,
    non2xx: rounds.reduce((s, r) => s + r.non2xx, 0),
    errors: rounds.reduce((s, r) => s + r.errors, 0),
    timeouts: rounds.reduce((s, r) => s + r.timeouts, 0),
    latencyMean: rounds.reduce((sum, r) => sum + r.latencyMean * r.total, 0) / Math.max(1, total),
    // The middle round's median latency, and the worst round's p99.
    latencyP50: median(rounds.map((r) => r.latencyP50)),
    latencyP99: Math.max(...rounds.map((r) => r.latencyP99)),
    seconds,
  };
}

export type Tokens = { token: string; refresh_token: string };

export async function signIn(baseUrl: string, username: string): Promise<Tokens> {
  const response = await fetch(`${baseUrl}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as Partial<Tokens>;
  if (!response.ok || typeof body.token !== 'string' || typeof body.refresh_token !== 'string') {
    throw new Error(
      `Sign-in of ${username} failed with ${String(response.status)}: ${JSON.stringify(body)}`,
    );
  }
  return { token: body.token, refresh_token: body.refresh_token };
}

/** The claims of an access token (sub: user id, sid: session id); the bench trusts its own server. */
export function tokenClaims(token: string): { sub: number; sid: string } {
  const part = token.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as {
    sub?: unknown;
    sid?: unknown;
  };
  if (typeof claims.sub !== 'number' || typeof claims.sid !== 'string')
    throw new Error('The access token has no sub/sid.');
  return { sub: claims.sub, sid: claims.sid };
}

/**
 * A keep-alive HTTP client for latency loops (one request at a time). fetch allocates several
 * times more per request than node:http; its garbage was collected in this process while the
 * next request was timed (collections of 5–11 ms, measured), so a p99 counted the bench's own
 * pauses as the app's. One socket, reused, as a browser tab's poll reuses its connection.
 */
export class LatencyClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly base: URL;

  constructor(
    baseUrl: string,
    private readonly token: string,
  ) {
    this.base = new URL(baseUrl);
  }

  /** GETs the path and returns the parsed JSON; throws on any status but 2xx. */
  get<T>(path: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const request = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          path,
          agent: this.agent,
          headers: { authorization: `Bearer ${this.token}` },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            if (status < 200 || status > 299) {
              reject(new Error(`${path} answered ${String(status)}: ${text.slice(0, 500)}`));
              return;
            }
            try {
              resolve(JSON.parse(text) as T);
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
