import type { Scenario } from '../lib/context';
import { signIn } from '../lib/load';
import {
  rssBytes,
  startAppWithStudents,
  STUDENT_EXPORT_SELECT,
  STUDENTS,
  type PeopleApp,
} from '../lib/people';
import { log, median, result } from '../lib/report';

const USERNAME = 'admin';
const ROUNDS = 2;
/** RSS growth is taken from the moment this many rows have arrived to the end. */
const FROM_ROWS = 10_000;
const MB = 1024 * 1024;

type Export = { rows: number; ms: number; rssAtFrom: number; rssPeak: number; bytes: number };

/** Streams the CSV export, counting rows, while sampling the server's RSS every 20 ms. */
async function exportCsv(people: PeopleApp, token: string): Promise<Export> {
  const url = `${people.app.url}/api/en/student/export/csv`;
  let newlines = 0;
  let bytes = 0;
  let rssAtFrom = 0;
  let rssPeak = 0;
  let sampling = Promise.resolve();
  const sample = () => {
    sampling = sampling.then(async () => {
      const rss = await rssBytes(people.app.pid);
      if (newlines >= FROM_ROWS) {
        if (rssAtFrom === 0) rssAtFrom = rss;
        rssPeak = Math.max(rssPeak, rss);
      }
    });
  };
  const timer = setInterval(sample, 20);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok || !response.body)
      throw new Error(`${url} answered ${String(response.status)}: ${await response.text()}`);
    const reader = response.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const chunk = next.value as Uint8Array;
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) newlines += 1;
    }
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - started;
  sample();
  await sampling;
  // A header line, then one line a student (no field holds a line break).
  return { rows: newlines - 1, ms, rssAtFrom, rssPeak, bytes };
}

/** The same rows by a bare COPY on the floor's copy of the database, in this process. */
async function copyRows(people: PeopleApp): Promise<{ rows: number; ms: number; bytes: number }> {
  const pglite = people.floor.pglite;
  if (!pglite) throw new Error('The export floor needs PGlite.');
  const started = performance.now();
  const copied = await pglite.query(
    `copy (${STUDENT_EXPORT_SELECT}) to '/dev/blob' with (format csv, header)`,
  );
  const text = copied.blob ? await copied.blob.text() : '';
  const ms = performance.now() - started;
  let newlines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) newlines += 1;
  return { rows: newlines - 1, ms, bytes: Buffer.byteLength(text) };
}

export const studentExport: Scenario = {
  name: 'student-export',
  summary: `GET /api/en/student/export/csv of ${String(STUDENTS)} students on PGlite: rows/s against a bare COPY, server RSS growth`,
  run: async (context) => {
    const people = await startAppWithStudents(context, 'pglite', { LANTERN_WORKERS: '0' });
    try {
      const { token } = await signIn(people.app.url, USERNAME);
      const exports: Export[] = [];
      const copies: { rows: number; ms: number; bytes: number }[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        copies.push(await copyRows(people));
        exports.push(await exportCsv(people, token));
      }
      const rows = exports[0]?.rows ?? 0;
      const copyRowsCount = copies[0]?.rows ?? -1;
      if (rows !== copyRowsCount || rows < STUDENTS) {
        throw new Error(
          `The export has ${String(rows)} rows, the bare COPY ${String(copyRowsCount)}; expected the same, at least ${String(STUDENTS)}. Is STUDENT_EXPORT_SELECT in step with people.export.ts?`,
        );
      }
      const appRate = median(exports.map((e) => e.rows / (e.ms / 1000)));
      const copyRate = median(copies.map((c) => c.rows / (c.ms / 1000)));
      const growth = Math.max(...exports.map((e) => e.rssPeak - e.rssAtFrom));
      log(
        `  export ${String(rows)} rows: ${appRate.toFixed(0)} rows/s (${exports.map((e) => (e.ms / 1000).toFixed(1)).join(', ')} s); bare COPY ${copyRate.toFixed(0)} rows/s; RSS growth after ${String(FROM_ROWS)} rows ${(growth / MB).toFixed(1)} MB`,
      );
      const detail = {
        rows,
        csvMB: Number(((exports[0]?.bytes ?? 0) / MB).toFixed(1)),
        copyMB: Number(((copies[0]?.bytes ?? 0) / MB).toFixed(1)),
        exportSeconds: exports.map((e) => Number((e.ms / 1000).toFixed(2))),
        copySeconds: copies.map((c) => Number((c.ms / 1000).toFixed(2))),
        rssAtFromMB: exports.map((e) => Number((e.rssAtFrom / MB).toFixed(1))),
        rssPeakMB: exports.map((e) => Number((e.rssPeak / MB).toFixed(1))),
        loadSeconds: Number((people.loadMs / 1000).toFixed(1)),
        note: `as ${USERNAME}, no filters; floor: COPY (peopleBatches' SELECT as one query) TO '/dev/blob' with (format csv, header) on a copy of the app's PGlite folder in this process; RSS of the server process sampled every 20 ms, growth = peak after ${String(FROM_ROWS)} rows arrived − RSS at that moment, worst of ${String(ROUNDS)} exports`,
      };
      return [
        result({
          scenario: 'student-export',
          name: 'student CSV export rows per second (PGlite)',
          unit: 'rows/s',
          value: appRate,
          floor: copyRate,
          target: { on: 'ratio', op: '>=', limit: 0.5 },
          detail,
        }),
        result({
          scenario: 'student-export',
          name: `student CSV export RSS growth ${String(FROM_ROWS)}→${String(rows)} rows (PGlite)`,
          unit: 'MB',
          value: growth / MB,
          // The server's RSS when 10,000 rows had arrived: the growth is a share of it.
          floor: median(exports.map((e) => e.rssAtFrom)) / MB,
          target: { on: 'value', op: '<=', limit: 50 },
          detail: { rssPeakMB: detail.rssPeakMB, rssAtFromMB: detail.rssAtFromMB },
        }),
      ];
    } finally {
      await people.close();
    }
  },
};
