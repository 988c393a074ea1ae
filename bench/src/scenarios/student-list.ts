import type { Context, Scenario } from '../lib/context';
import { insertSession, requestSql } from '../lib/db';
import { LatencyClient, signIn, tokenClaims } from '../lib/load';
import {
  committedTransactions,
  quantile,
  startAppWithStudents,
  studentListSql,
  STUDENTS,
  type PeopleApp,
  type StudentFilter,
} from '../lib/people';
import { log, result, type Json, type Result } from '../lib/report';

const USERNAME = 'admin';
const LIMIT = 100;
/**
 * Timed requests per case and round, one at a time; the app and the floor take turns. A round
 * stops early after ROUND_MS (at least MIN_PER_ROUND samples), so a slow endpoint still ends.
 */
const ROUNDS = 3;
const PER_ROUND = 60;
const MIN_PER_ROUND = 5;
const ROUND_MS = 15_000;
const WARMUP = 5;
/** Requests whose statements are counted (PostgreSQL): N, then 2N; fewer for the slow deep page. */
const COUNTED = 30;
const COUNTED_SLOW = 10;

type Case = {
  name: string;
  filter: StudentFilter;
  page: number;
  /** The cursor of the page before (what the list's Next sends); none: the page by number. */
  after?: string;
  /** Held to the targets: the pages the list reads as one pages through it. */
  targeted: boolean;
};
type Page = { items: { id: number }[]; total: number; next: string | null };

/**
 * A search within one CLC for the first four letters of its most common last name (what someone
 * looking for a student types), sorted by last name; and page 400 of all students, reached as
 * the list reaches it from page 399 (Next: keyset, after the last row seen) and by typing its
 * number (a jump: offset, measured for the record, without the targets).
 */
async function cases(people: PeopleApp, client: LatencyClient): Promise<Case[]> {
  const clc = people.clcIds[0] ?? 1;
  const [common] = await people.floor.query<{ q: string }>(
    `select lower(substr(u.last_name, 1, 4)) as q from users u join user_clcs uc on uc.user_id = u.jwl_id
      where uc.clc_id = $1 group by 1 order by count(*) desc, 1 limit 1`,
    [clc],
  );
  const before = await client.get<Page>(urlOf({ filter: {}, page: 399 }));
  if (!before.next) throw new Error('Page 399 of the students has no next page.');
  return [
    {
      name: 'first page (CLC, search, sort)',
      filter: { clc, q: common?.q ?? 'hass' },
      page: 1,
      targeted: true,
    },
    {
      name: 'deep page 400 by Next (sort)',
      filter: {},
      page: 400,
      after: before.next,
      targeted: true,
    },
    { name: 'deep page 400 by number (sort)', filter: {}, page: 400, targeted: false },
  ];
}

/** The row a cursor of the API points after: [sort, dir, value, id] as base64url JSON. */
function cursorRow(cursor: string): { value: string; id: number } {
  const [, , value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
    string,
    string,
    string,
    number,
  ];
  return { value, id };
}

/** Times `body` up to `count` times, stopping after ROUND_MS once MIN_PER_ROUND are taken. */
async function timed(body: () => Promise<unknown>, count: number, into: number[]): Promise<void> {
  const until = performance.now() + ROUND_MS;
  for (let i = 0; i < count; i += 1) {
    if (i >= MIN_PER_ROUND && performance.now() > until) return;
    const started = performance.now();
    await body();
    into.push(performance.now() - started);
  }
}

/** The path of the list call (the client holds the address of the app). */
function urlOf(c: Pick<Case, 'filter' | 'page' | 'after'>): string {
  const params = new URLSearchParams({
    sort: 'lastName',
    dir: 'asc',
    page: String(c.page),
    limit: String(LIMIT),
  });
  if (c.filter.clc !== undefined) params.set('clc', String(c.filter.clc));
  if (c.filter.q !== undefined) params.set('q', c.filter.q);
  if (c.after !== undefined) params.set('after', c.after);
  return `/api/en/student?${params.toString()}`;
}

async function measure(context: Context, kind: 'pglite' | 'postgres'): Promise<Result[]> {
  // No job workers: on PostgreSQL their polling would be counted as the requests' statements.
  const people = await startAppWithStudents(context, kind, { LANTERN_WORKERS: '0' });
  try {
    const { token } = await signIn(people.app.url, USERNAME);
    // Its socket ends with the app's process, whatever happens here.
    const client = new LatencyClient(people.app.url, token);
    const session =
      kind === 'postgres'
        ? (() => {
            const claims = tokenClaims(token);
            return { sid: claims.sid, userId: claims.sub };
          })()
        : await insertSession(people.floor, USERNAME);
    const floor = people.floor;
    const out: Result[] = [];

    for (const c of await cases(people, client)) {
      const url = urlOf(c);
      const sqls = studentListSql(
        c.filter,
        c.after === undefined
          ? { page: c.page, limit: LIMIT }
          : { after: cursorRow(c.after), limit: LIMIT },
      );
      const bare = async (): Promise<{ ids: number[]; total: number }> => {
        await requestSql(floor, session.sid, session.userId);
        const [items, count] = await Promise.all([
          floor.query<{ id: number }>(sqls.list.text, sqls.list.params),
          floor.query<{ n: number }>(sqls.count.text, sqls.count.params),
        ]);
        // The page reads one row more, to know whether another follows; the endpoint leaves it.
        return { ids: items.slice(0, LIMIT).map((r) => r.id), total: count[0]?.n ?? -1 };
      };

      // The copied SQL must read what the endpoint answers, else the floor measures something else.
      const endpoint = await client.get<Page>(url);
      const copied = await bare();
      const endpointIds = endpoint.items.map((i) => i.id);
      if (
        copied.total !== endpoint.total ||
        JSON.stringify(copied.ids) !== JSON.stringify(endpointIds)
      ) {
        throw new Error(
          `The copied SQL reads ${String(copied.ids.length)} rows of ${String(copied.total)}; the endpoint answers ${String(endpointIds.length)} of ${String(endpoint.total)} (or other ids). Is studentListSql in bench/src/lib/people.ts in step with findPeople?`,
        );
      }

      const appMs: number[] = [];
      const floorMs: number[] = [];
      for (let i = 0; i < WARMUP; i += 1) {
        await client.get<Page>(url);
        await bare();
      }
      for (let round = 0; round < ROUNDS; round += 1) {
        await timed(() => client.get<Page>(url), PER_ROUND, appMs);
        await timed(bare, PER_ROUND, floorMs);
      }

      // Statements: transactions over N requests and over 2N more; the difference of the two
      // windows, divided by N, leaves out what a window adds once (whatever the requests are).
      let statementsPerRequest: number | null = null;
      if (people.pgDatabase) {
        const n = c.targeted ? COUNTED : COUNTED_SLOW;
        const name = people.pgDatabase.name;
        // Parallel workers count as transactions too: none while counting. The setting reaches
        // the app's connections as its pool reopens them after the 10 s idle of each wait.
        await floor.exec(`alter database ${name} set max_parallel_workers_per_gather = 0`);
        try {
          const t0 = await committedTransactions(name);
          for (let i = 0; i < n; i += 1) await client.get<Page>(url);
          const t1 = await committedTransactions(name);
          for (let i = 0; i < 2 * n; i += 1) await client.get<Page>(url);
          const t2 = await committedTransactions(name);
          statementsPerRequest = (t2 - t1 - (t1 - t0)) / n;
        } finally {
          await floor.exec(`alter database ${name} reset max_parallel_workers_per_gather`);
        }
      }

      const p50 = quantile(appMs, 0.5);
      const p99 = quantile(appMs, 0.99);
      const floorP50 = quantile(floorMs, 0.5);
      const floorP99 = quantile(floorMs, 0.99);
      const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
      log(
        `  ${label} ${c.name}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; bare SQL p50 ${floorP50.toFixed(1)} ms, p99 ${floorP99.toFixed(1)} ms; ${String(endpoint.items.length)} of ${String(endpoint.total)} rows${statementsPerRequest === null ? '' : `; ${statementsPerRequest.toFixed(2)} statements a request`}`,
      );
      const detail: Record<string, Json> = {
        url,
        students: STUDENTS,
        rows: endpoint.items.length,
        total: endpoint.total,
        p50ms: Number(p50.toFixed(2)),
        p99ms: Number(p99.toFixed(2)),
        floorP50ms: Number(floorP50.toFixed(2)),
        floorP99ms: Number(floorP99.toFixed(2)),
        samples: appMs.length,
        statementsPerRequest,
        loadSeconds: Number((people.loadMs / 1000).toFixed(1)),
        note: `sequential requests as ${USERNAME}, ${String(ROUNDS)} rounds of up to ${String(PER_ROUND)} (or ${String(ROUND_MS / 1000)} s) in turn with the floor; floor = the principal query, then findPeople's page and count queries copied from people.repository.ts, bare on the driver in this process (PGlite: a copy of the app's folder; PostgreSQL: the same database)`,
      };
      out.push(
        result({
          scenario: `student-list-${kind}`,
          name: `student list p99, ${c.name} (${label})`,
          unit: 'ms',
          value: p99,
          floor: floorP99,
          target: { on: 'ratio', op: '<=', limit: 2 },
          detail,
        }),
      );
      // A jump by number reads by offset, which no index makes free; its absolute time is
      // logged and kept in the details above, and held to the ratio only.
      if (c.targeted)
        out.push(
          result({
            scenario: `student-list-${kind}`,
            name: `student list p99 absolute, ${c.name} (${label})`,
            unit: 'ms',
            value: p99,
            floor: floorP99,
            target: { on: 'value', op: '<=', limit: 50 },
            detail: { p50ms: Number(p50.toFixed(2)) },
          }),
        );
      if (statementsPerRequest !== null) {
        out.push(
          result({
            scenario: `student-list-${kind}`,
            name: `student list statements a request, ${c.name} (${label})`,
            unit: 'queries',
            value: statementsPerRequest,
            floor: 3,
            target: { on: 'value', op: '<=', limit: 3 },
            detail: {
              requests: c.targeted ? COUNTED : COUNTED_SLOW,
              note: 'pg_stat_database xact_commit + xact_rollback over a window of 2N requests minus a window of N, divided by N (the app runs without job workers and, while counting, without parallel query workers, which count as transactions; the tables were vacuumed after the load; each statement outside a transaction block is one transaction)',
            },
          }),
        );
      }
    }
    return out;
  } finally {
    await people.close();
  }
}

export const studentListPglite: Scenario = {
  name: 'student-list-pglite',
  summary: `GET /api/en/student over ${String(STUDENTS)} students on PGlite: p50/p99 against findPeople's SQL bare`,
  run: (context) => measure(context, 'pglite'),
};

export const studentListPostgres: Scenario = {
  name: 'student-list-postgres',
  summary: `GET /api/en/student over ${String(STUDENTS)} students on PostgreSQL: p50/p99 against findPeople's SQL bare, statements a request`,
  run: (context) => measure(context, 'postgres'),
};
