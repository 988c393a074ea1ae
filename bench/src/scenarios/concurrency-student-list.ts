import type { Context, Scenario } from '../lib/context';
import { signIn } from '../lib/load';
import { quantile, startAppWithStudents, STUDENTS } from '../lib/people';
import { log, result, type Json, type Result } from '../lib/report';
import { closedLoop, openLoop, Requests, type Traffic } from '../lib/traffic';

const USERNAME = 'admin';
/** The list's first page as the student list opens it. */
const PATH = '/api/en/student?limit=100&sort=lastName&dir=asc';
const CLIENTS = 50;
const SECONDS = 10;
/** The open-loop rate as a share of the throughput 50 clients reached. */
const OPEN_SHARE = 0.6;

const figures = (t: Traffic): Json => ({
  requests: t.latencies.length,
  seconds: Number(t.seconds.toFixed(2)),
  rps: Number(t.rps.toFixed(1)),
  p50ms: Number(quantile(t.latencies, 0.5).toFixed(2)),
  p95ms: Number(quantile(t.latencies, 0.95).toFixed(2)),
  p99ms: Number(quantile(t.latencies, 0.99).toFixed(2)),
});

function scenario(kind: 'pglite' | 'postgres'): Scenario {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  return {
    name: `concurrency-student-list-${kind}`,
    summary: `GET /api/en/student (first page) on ${label} with ${String(STUDENTS)} students: throughput of ${String(CLIENTS)} clients against one, and p95 at ${String(OPEN_SHARE * 100)} % of that peak (open loop) against one client's`,
    run: async (context: Context): Promise<Result[]> => {
      const people = await startAppWithStudents(context, kind, { LANTERN_WORKERS: '0' });
      try {
        const { token } = await signIn(people.app.url, USERNAME);
        const requests = new Requests(
          people.app.url,
          { authorization: `Bearer ${token}` },
          CLIENTS,
        );
        try {
          await closedLoop(requests, PATH, { clients: 4, seconds: 2 });
          const single = await closedLoop(requests, PATH, { clients: 1, seconds: SECONDS });
          const many = await closedLoop(requests, PATH, { clients: CLIENTS, seconds: SECONDS });
          const rate = many.rps * OPEN_SHARE;
          const open = await openLoop(requests, PATH, { rate, seconds: SECONDS });
          const p95 = (t: Traffic) => quantile(t.latencies, 0.95);
          log(
            `  ${label}: one client ${single.rps.toFixed(1)}/s (p95 ${p95(single).toFixed(1)} ms); ${String(CLIENTS)} clients ${many.rps.toFixed(1)}/s (p95 ${p95(many).toFixed(0)} ms); open loop at ${rate.toFixed(1)}/s: p95 ${p95(open).toFixed(1)} ms`,
          );
          const detail = {
            path: PATH,
            students: STUDENTS,
            single: figures(single),
            many: figures(many),
            open: { rate: Number(rate.toFixed(1)), ...(figures(open) as Record<string, Json>) },
            note: `closed loops of 1 and ${String(CLIENTS)} clients for ${String(SECONDS)} s each over kept-alive node:http sockets, then an open loop (latency from when each request was due) at ${String(OPEN_SHARE)} × the ${String(CLIENTS)}-client throughput`,
          };
          return [
            result({
              scenario: `concurrency-student-list-${kind}`,
              name: `student list throughput, ${String(CLIENTS)} clients against 1 (${label})`,
              unit: 'req/s',
              value: many.rps,
              floor: single.rps,
              target: { on: 'ratio', op: '>=', limit: 1.6 },
              detail,
            }),
            result({
              scenario: `concurrency-student-list-${kind}`,
              name: `student list p95 at ${String(OPEN_SHARE * 100)} % of peak against 1 client (${label})`,
              unit: 'ms',
              value: p95(open),
              floor: p95(single),
              target: { on: 'ratio', op: '<=', limit: 4 },
              detail,
            }),
          ];
        } finally {
          requests.close();
        }
      } finally {
        await people.close();
      }
    },
  };
}

export const concurrencyStudentListPglite = scenario('pglite');
export const concurrencyStudentListPostgres = scenario('postgres');
