import type { Context, Scenario } from '../lib/context';
import { api, openProgramme } from '../lib/programme';
import { signIn } from '../lib/load';
import { quantile, startAppWithStudents, STUDENTS } from '../lib/people';
import type { AppProcess } from '../lib/processes';
import { log, result, type Json, type Result } from '../lib/report';
import { openLoop, Requests, type Traffic } from '../lib/traffic';
import { setTimeout as sleep } from 'node:timers/promises';

const USERNAME = 'admin';
const ROWS = 20_000;
/**
 * The probe: GET /api/en/profile (signed in, so it reads the database: the session and the
 * profile) at 10 a second on one kept-alive connection. A request that needs the database
 * waits for the one connection while an import holds it (decision 0017), so this is what a
 * person using the app meanwhile feels.
 */
const PROBE_PATH = '/api/en/profile';
const PROBE_RATE = 10;
/** What the import may add to the probe's idle p99 (issue 27). */
const PROBE_ALLOWANCE_MS = 50;
const IDLE_SECONDS = 10;
const REPORT_PREFIX = 'event-loop-delay ';

type Delay = { p50: number; p99: number; max: number; samples: number };

/** 20,000 new applicants at the programme's CLCs, each a person of their own. */
function applicantCsv(clcCodes: string[]): string {
  const lines = ['jwlId,firstName,lastName,email,phone,birthDate,gender,clcCode'];
  for (let i = 0; i < ROWS; i += 1) {
    // Born 1950–1999 (a later date is refused as implausible); the names keep every row unique.
    const born = new Date(Date.UTC(1950, 0, 1) + (i % 18_000) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    lines.push(
      [
        '',
        `Probe${String(i % 97)}`,
        `Import${String(Math.floor(i / 97))}`,
        `loop.${String(i)}@import.example`,
        `+2547${String(10_000_000 + ((i * 7919) % 89_999_999))}`,
        born,
        i % 2 ? 'm' : 'f',
        clcCodes[i % clcCodes.length] ?? 'KAK',
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The app's event-loop delay since the last call: SIGUSR2 makes it print one line
 * (LANTERN_EVENT_LOOP_REPORT=1, apps/api/src/lib/event-loop-report.ts).
 */
async function eventLoopDelay(app: AppProcess): Promise<Delay> {
  const count = () => app.output().split(REPORT_PREFIX).length;
  const before = count();
  process.kill(app.pid, 'SIGUSR2');
  for (let i = 0; i < 500 && count() === before; i += 1) await sleep(10);
  const last = app.output().split(REPORT_PREFIX).at(-1)?.split('\n')[0];
  if (count() === before || !last) throw new Error('The app printed no event-loop delay.');
  return JSON.parse(last) as Delay;
}

type Phase = { probe: Traffic; delay: Delay; seconds: number };

/** The probe and the app's event-loop delay while `work` runs (or for `seconds` when none). */
async function phase(
  app: AppProcess,
  token: string,
  work: (() => Promise<unknown>) | number,
): Promise<Phase> {
  const requests = new Requests(app.url, { authorization: `Bearer ${token}` }, 1);
  try {
    await eventLoopDelay(app);
    const started = performance.now();
    const running = typeof work === 'number' ? null : work();
    const probe = await openLoop(requests, PROBE_PATH, {
      rate: PROBE_RATE,
      ...(running ? { stop: running } : { seconds: work as number }),
    });
    await running;
    const seconds = (performance.now() - started) / 1000;
    return { probe, delay: await eventLoopDelay(app), seconds };
  } finally {
    requests.close();
  }
}

const p99 = (p: Phase) => quantile(p.probe.latencies, 0.99);

function phaseDetail(p: Phase): Json {
  return {
    seconds: Number(p.seconds.toFixed(2)),
    probes: p.probe.latencies.length,
    probeP50ms: Number(quantile(p.probe.latencies, 0.5).toFixed(2)),
    probeP99ms: Number(p99(p).toFixed(2)),
    probeMaxMs: Number(Math.max(...p.probe.latencies).toFixed(2)),
    eventLoopDelayMs: p.delay,
  };
}

export const eventLoopImport: Scenario = {
  name: 'event-loop-import',
  summary: `GET ${PROBE_PATH} (signed in) at ${String(PROBE_RATE)}/s during an import of ${String(ROWS)} applicants and its re-run on PGlite (${String(STUDENTS)} students): p99 and the app's event-loop delay, against idle`,
  run: async (context: Context): Promise<Result[]> => {
    const people = await startAppWithStudents(context, 'pglite', {
      LANTERN_WORKERS: '0',
      LANTERN_EVENT_LOOP_REPORT: '1',
    });
    try {
      const { app } = people;
      const { token } = await signIn(app.url, USERNAME);
      const programme = await openProgramme(app, token, {
        code: '977',
        title: 'Event loop bench',
        courseCode: 'E1',
        certificateText: 'has completed the event loop bench.',
      });
      const csv = applicantCsv(programme.clcCodes);
      const importOnce = async () => {
        const form = new FormData();
        form.set('file', new Blob([csv], { type: 'text/csv' }), 'applicants.csv');
        return api<{ created: number; problems: unknown[] }>(
          app,
          token,
          `/api/en/programme/professional-certificate/${String(programme.id)}/applicants/import?dryRun=false`,
          { method: 'POST', body: form },
        );
      };
      // Warm the probe's path and the app's code before anything is timed.
      await phase(app, token, 2);
      const idle = await phase(app, token, IDLE_SECONDS);
      let created = -1;
      const first = await phase(app, token, async () => {
        created = (await importOnce()).created;
      });
      if (created !== ROWS)
        throw new Error(`The import created ${String(created)} of ${String(ROWS)} applicants.`);
      const rerun = await phase(app, token, importOnce);
      log(
        `  idle: probe p99 ${p99(idle).toFixed(1)} ms, event-loop delay p99 ${String(idle.delay.p99)} ms`,
      );
      for (const [name, p] of [
        ['import', first],
        ['re-run', rerun],
      ] as const)
        log(
          `  ${name} (${p.seconds.toFixed(1)} s): probe p99 ${p99(p).toFixed(1)} ms (max ${Math.max(...p.probe.latencies).toFixed(0)}), event-loop delay p99 ${String(p.delay.p99)} ms (max ${String(p.delay.max)})`,
        );
      const detail = {
        rows: ROWS,
        students: STUDENTS,
        probe: `${PROBE_PATH} at ${String(PROBE_RATE)}/s, one kept-alive node:http connection, latency from when each request was due`,
        idle: phaseDetail(idle),
        import: phaseDetail(first),
        rerun: phaseDetail(rerun),
        note: 'event-loop delay: perf_hooks.monitorEventLoopDelay (10 ms resolution) in the app process, read by SIGUSR2 before and after each phase (LANTERN_EVENT_LOOP_REPORT=1)',
      };
      const latency = (name: string, p: Phase) =>
        result({
          scenario: 'event-loop-import',
          name: `profile p99 during the ${name} (≤ idle p99 + ${String(PROBE_ALLOWANCE_MS)} ms)`,
          unit: 'ms',
          value: p99(p),
          floor: p99(idle),
          target: { on: 'value', op: '<=', limit: p99(idle) + PROBE_ALLOWANCE_MS },
          detail,
        });
      const delay = (name: string, p: Phase) =>
        result({
          scenario: 'event-loop-import',
          name: `event-loop delay p99 during the ${name}`,
          unit: 'ms',
          value: p.delay.p99,
          floor: idle.delay.p99,
          target: { on: 'value', op: '<=', limit: 50 },
          detail: { idle: phaseDetail(idle) },
        });
      return [
        latency('import', first),
        delay('import', first),
        latency('re-run', rerun),
        delay('re-run', rerun),
      ];
    } finally {
      await people.close();
    }
  },
};
