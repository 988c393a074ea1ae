import type { Context, Scenario } from '../lib/context';
import { signIn } from '../lib/load';
import { quantile, startAppWithStudents, STUDENTS } from '../lib/people';
import { log, result, type Result } from '../lib/report';

const USERNAME = 'admin';
const RUNS = 15;
const WARMUP = 2;

type Counts = { counts: Record<string, number>; checked: number };

async function fetchCounts(url: string, token: string): Promise<Counts> {
  const response = await fetch(`${url}/api/en/user-data-checker`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`The checker answered ${String(response.status)}: ${text}`);
  return JSON.parse(text) as Counts;
}

/**
 * The overview of the user data checker over 100,000 generated students (with the generator's
 * planted flaws): every check's count in one call, timed end to end. Floor: a bare
 * `select count(*) from users` in the same run (PGlite: a copy of the app's folder).
 */
async function measure(context: Context, kind: 'pglite' | 'postgres'): Promise<Result[]> {
  const people = await startAppWithStudents(context, kind, { LANTERN_WORKERS: '0' });
  try {
    const { token } = await signIn(people.app.url, USERNAME);
    const appMs: number[] = [];
    const floorMs: number[] = [];
    let counts: Counts | null = null;
    const bare = () => people.floor.query<{ n: number }>('select count(*)::int as n from users');
    for (let i = 0; i < WARMUP; i += 1) {
      counts = await fetchCounts(people.app.url, token);
      await bare();
    }
    for (let i = 0; i < RUNS; i += 1) {
      let started = performance.now();
      counts = await fetchCounts(people.app.url, token);
      appMs.push(performance.now() - started);
      started = performance.now();
      await bare();
      floorMs.push(performance.now() - started);
    }
    const p50 = quantile(appMs, 0.5);
    const p99 = quantile(appMs, 0.99);
    const floorP50 = quantile(floorMs, 0.5);
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    log(
      `  ${label} all checker counts over ${String(counts?.checked ?? 0)} people: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; bare count(*) p50 ${floorP50.toFixed(1)} ms; counts ${JSON.stringify(counts?.counts ?? {})}`,
    );
    return [
      result({
        scenario: `user-data-checker-${kind}`,
        name: `user data checker, all counts p99 (${label})`,
        unit: 'ms',
        value: p99,
        floor: floorP50,
        target: { on: 'value', op: '<=', limit: 1000 },
        detail: {
          people: counts?.checked ?? 0,
          students: STUDENTS,
          p50ms: Number(p50.toFixed(2)),
          p99ms: Number(p99.toFixed(2)),
          floorP50ms: Number(floorP50.toFixed(2)),
          runs: RUNS,
          counts: counts?.counts ?? {},
          note: `GET /api/en/user-data-checker as ${USERNAME}, ${String(RUNS)} sequential runs after ${String(WARMUP)} warm-up; floor = a bare select count(*) from users on the same data, taken in turn with the runs`,
        },
      }),
    ];
  } finally {
    await people.close();
  }
}

export const userDataCheckerPglite: Scenario = {
  name: 'user-data-checker-pglite',
  summary: `GET /api/en/user-data-checker (every check's count) over ${String(STUDENTS)} students on PGlite: ≤ 1 s`,
  run: (context) => measure(context, 'pglite'),
};

export const userDataCheckerPostgres: Scenario = {
  name: 'user-data-checker-postgres',
  summary: `GET /api/en/user-data-checker (every check's count) over ${String(STUDENTS)} students on PostgreSQL: ≤ 1 s`,
  run: (context) => measure(context, 'postgres'),
};
