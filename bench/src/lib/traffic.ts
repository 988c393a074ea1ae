import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * GETs over kept-alive `node:http` sockets (at most `sockets` at once), each answered with its
 * latency in ms. A request that finds every socket busy waits for one, as a browser's would.
 */
export class Requests {
  private readonly agent: http.Agent;
  private readonly base: URL;

  constructor(
    baseUrl: string,
    private readonly headers: Record<string, string>,
    sockets: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
    this.base = new URL(baseUrl);
  }

  /** GETs the path; throws on any status but 2xx. */
  get(path: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const request = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          path,
          agent: this.agent,
          headers: this.headers,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          response.on('data', () => undefined);
          response.on('error', reject);
          response.on('end', () => {
            if (status >= 200 && status <= 299) resolve();
            else reject(new Error(`${path} answered ${String(status)}`));
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

export type Traffic = { latencies: number[]; seconds: number; rps: number };

/**
 * `clients` loops, each sending its next request when its last one is answered, for `seconds`
 * (closed loop: the throughput the app sustains with that many clients).
 */
export async function closedLoop(
  requests: Requests,
  path: string,
  options: { clients: number; seconds: number },
): Promise<Traffic> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      await requests.get(path);
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  const seconds = (performance.now() - started) / 1000;
  return { latencies, seconds, rps: latencies.length / seconds };
}

/**
 * Requests sent at a fixed rate whatever the answers (open loop), until `stop` resolves or
 * `seconds` pass. Each latency counts from when the request was due, so a request held up
 * behind a slow one (one socket, or all busy) counts its wait too.
 */
export async function openLoop(
  requests: Requests,
  path: string,
  options: { rate: number; seconds?: number; stop?: Promise<unknown> },
): Promise<Traffic> {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const interval = 1000 / options.rate;
  const state = { stopped: false };
  const stop = () => {
    state.stopped = true;
  };
  void options.stop?.then(stop, stop);
  const started = performance.now();
  const until = options.seconds === undefined ? Infinity : started + options.seconds * 1000;
  for (let i = 0; !state.stopped; i += 1) {
    const due = started + i * interval;
    if (due >= until) break;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(requests.get(path).then(() => void latencies.push(performance.now() - due)));
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  return { latencies, seconds, rps: latencies.length / seconds };
}

/** CPU time a process has used so far (user + system, every thread), in ms (Linux /proc). */
export async function processCpuMs(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${String(pid)}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) start at its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
