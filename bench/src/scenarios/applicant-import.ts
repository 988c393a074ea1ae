import { openDatabase } from '@lantern/db/client';
import type { Context, Scenario } from '../lib/context';
import { floorPgliteFolder } from '../lib/db';
import { signIn } from '../lib/load';
import { ensureBuilt, startApp, type AppProcess } from '../lib/processes';
import { log, median, result, type Result } from '../lib/report';

const USERNAME = 'admin';
const ROWS = 10_000;
const ROUNDS = 3;
const HEADER = 'jwlId,firstName,lastName,email,phone,birthDate,gender,clcCode';

const FIRST = [
  'Amina',
  'Yusuf',
  'Nyabol',
  'Hassan',
  'Grace',
  'Omar',
  'Fatima',
  'Deng',
  'Rania',
  'Samuel',
  'Leila',
  'Ahmad',
  'Mary',
  'Abdi',
  'Zainab',
  'Peter',
];
const LAST = [
  'Okello',
  'Haddad',
  'Deng',
  'Mohamed',
  'Atieno',
  'Al-Tamimi',
  'Nkurunziza',
  'Barzani',
  'Rahman',
  'Mutua',
  'Khalil',
  'Abebe',
  'Garang',
  'Saleh',
  'Ochieng',
  'Nasser',
];

/** 10,000 new applicants at two CLCs, each a new person (their own e-mail), as a CSV file. */
function applicantCsv(round: number, clcCodes: string[]): string {
  const lines = [HEADER];
  for (let i = 0; i < ROWS; i += 1) {
    // Each round other first names on the same days, so no round matches a person of another.
    const first = FIRST[(i + round * 5) % FIRST.length] ?? 'Amina';
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Okello';
    // Every applicant born on another day: names repeat, as they do, but no two people match.
    const born = new Date(Date.UTC(1975, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const phone = `+2547${String(10_000_000 + ((i * 7919 + round) % 89_999_999))}`;
    lines.push(
      [
        '',
        first,
        last,
        `bench.${String(round)}.${String(i)}@import.example`,
        phone,
        born,
        i % 2 ? 'm' : 'f',
        clcCodes[i % clcCodes.length] ?? 'KAK',
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

async function api<T>(app: AppProcess, token: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${app.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${path} answered ${String(response.status)}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** A professional certificate at KAK and AMM, open for applications. */
async function openProgramme(app: AppProcess, token: string, round: number) {
  const clcs = await api<{ items: { id: number; code: string }[] }>(
    app,
    token,
    '/api/en/clc-partner?limit=100',
  );
  const chosen = clcs.items.filter((c) => c.code === 'KAK' || c.code === 'AMM');
  const schemas = await api<{ id: number }[]>(app, token, '/api/en/grading-schema');
  const created = await api<{ id: number; version: number }>(
    app,
    token,
    '/api/en/programme/professional-certificate',
    {
      method: 'POST',
      body: JSON.stringify({
        code: String(960 + round),
        internalName: `Import bench ${String(round)}`,
        title: `Import bench ${String(round)}`,
        startDate: '2027-01-01',
        endDate: '2027-06-30',
        gradingSchemaId: schemas[0]?.id,
        certifyingUniversity: 'Bench University',
        certificateText: 'has completed the import bench.',
        clcIds: chosen.map((c) => c.id),
        courses: [{ code: 'B1', title: 'Bench', units: 1 }],
      }),
    },
  );
  await api(
    app,
    token,
    `/api/en/programme/professional-certificate/${String(created.id)}/actions/open-applications`,
    {
      method: 'POST',
      body: JSON.stringify({ version: created.version }),
    },
  );
  return { id: created.id, clcCodes: chosen.map((c) => c.code) };
}

type Report = { created: number; problems: unknown[]; rows: number };

export const applicantImport: Scenario = {
  name: 'applicant-import',
  summary: `POST …/applicants/import of ${String(ROWS)} new applicants (CSV) on PGlite: total time against a bare COPY of the same rows`,
  run: async (context: Context): Promise<Result[]> => {
    await ensureBuilt();
    const app = await startApp({
      dataDir: context.newDir('import'),
      env: { LANTERN_WORKERS: '0' },
    });
    const floorDir = (await floorPgliteFolder(context.tmpRoot)).dir;
    const floor = await openDatabase({ dataDir: floorDir });
    try {
      const { token } = await signIn(app.url, USERNAME);
      const importMs: number[] = [];
      const copyMs: number[] = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        const programme = await openProgramme(app, token, round);
        const csv = applicantCsv(round, programme.clcCodes);
        const form = new FormData();
        form.set('file', new Blob([csv], { type: 'text/csv' }), 'applicants.csv');
        const started = performance.now();
        const report = await api<Report>(
          app,
          token,
          `/api/en/programme/professional-certificate/${String(programme.id)}/applicants/import?dryRun=false`,
          { method: 'POST', body: form },
        );
        importMs.push(performance.now() - started);
        if (report.created !== ROWS || report.problems.length)
          throw new Error(
            `The import created ${String(report.created)} of ${String(ROWS)} with ${String(report.problems.length)} problems: ${JSON.stringify({ ...report, problems: report.problems.slice(0, 3) })}.`,
          );

        // The floor: the same bytes into a scratch table by COPY, in this process.
        const pglite = floor.pglite;
        if (!pglite) throw new Error('The import floor needs PGlite.');
        await pglite.exec(
          `drop table if exists scratch_applicants; create table scratch_applicants (jwl_id text, first_name text, last_name text, email text, phone text, birth_date date, gender text, clc_code text)`,
        );
        const copyStarted = performance.now();
        await pglite.query(
          `copy scratch_applicants from '/dev/blob' with (format csv, header)`,
          [],
          {
            blob: new Blob([csv]),
          },
        );
        copyMs.push(performance.now() - copyStarted);
      }
      const value = median(importMs);
      const floorValue = median(copyMs);
      log(
        `  import of ${String(ROWS)} applicants: ${importMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s; bare COPY ${copyMs.map((ms) => ms.toFixed(0)).join(', ')} ms`,
      );
      const detail = {
        rows: ROWS,
        rounds: ROUNDS,
        importSeconds: importMs.map((ms) => Number((ms / 1000).toFixed(2))),
        copyMs: copyMs.map((ms) => Number(ms.toFixed(1))),
        note: 'as admin on PGlite, each round a new programme open for applications and 10,000 new people (CSV with names, e-mail, phone, birth date, gender, CLC code), dryRun=false, the whole HTTP request; floor: COPY of the same CSV into a scratch table of the same columns on the bench’s own PGlite in this process',
      };
      return [
        result({
          scenario: 'applicant-import',
          name: `import ${String(ROWS)} applicants, total time`,
          unit: 'ms',
          value,
          floor: floorValue,
          target: { on: 'value', op: '<=', limit: 3000 },
          detail,
        }),
        result({
          scenario: 'applicant-import',
          name: `import ${String(ROWS)} applicants, ratio to COPY`,
          unit: 'ms',
          value,
          floor: floorValue,
          target: { on: 'ratio', op: '<=', limit: 10 },
          detail: {},
        }),
      ];
    } finally {
      await floor.close();
      await app.stop();
    }
  },
};
