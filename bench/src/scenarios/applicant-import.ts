import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '@lantern/db/client';
import type { Context, Scenario } from '../lib/context';
import { api, openProgramme } from '../lib/programme';
import { createDatabase, dropDatabase, floorPgliteFolder, prepareDatabase } from '../lib/db';
import { startAppWithStudents } from '../lib/people';
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

/** Days of birth the rows cycle through. */
const BIRTH_DAYS = 16_000;

/** 10,000 new applicants at two CLCs, each a new person (their own e-mail), as a CSV file. */
function applicantCsv(round: number, clcCodes: string[], rows = ROWS): string {
  const lines = [HEADER];
  for (let i = 0; i < rows; i += 1) {
    // Each round other first names on the same days, so no round matches a person of another.
    const first = FIRST[(i + round * 5) % FIRST.length] ?? 'Amina';
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Okello';
    // Born 1960–2003 (a later date is refused as implausible): names repeat, as they do, and
    // rows born on the same day have other names, so no two rows are one person.
    const born = new Date(Date.UTC(1960, 0, 1) + (i % BIRTH_DAYS) * 86_400_000)
      .toISOString()
      .slice(0, 10);
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

type Report = { created: number; matched: number; alreadyApplied: number; problems: unknown[] };

const upload = (
  app: AppProcess,
  token: string,
  programmeId: number,
  csv: string,
  dryRun = false,
) => {
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'applicants.csv');
  return api<Report>(
    app,
    token,
    `/api/en/programme/professional-certificate/${String(programmeId)}/applicants/import?dryRun=${String(dryRun)}`,
    { method: 'POST', body: form },
  );
};

const csvLine = (cells: (string | number | null)[]) =>
  cells.map((c) => (c === null ? '' : `"${String(c).replace(/"/g, '""')}"`)).join(',');

/**
 * The floor (issue 14, point 21): the import's rows written by COPY into the real tables, with
 * their indexes and foreign keys, as the import writes them: per person a user, a student
 * profile, the STUDENT role, the CLC, the enrolment and one audit row, and one audit row for
 * the import. Ids are taken from the tables' sequences first, as the import takes them.
 */
export async function copyFloor(database: Database, csv: string, round: number, tmp: string) {
  const people = csv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
  const [clcs, programme, seqs] = await Promise.all([
    database.query<{ id: number; code: string }>(`select id, code from clcs`),
    database.query<{ id: number }>(
      `insert into programmes (type, code, internal_name, title, start_date, end_date, status)
       values ('professional', $1, $1, $1, '2027-01-01', '2027-06-30', 'applying')
       returning id`,
      [`floor-${String(round)}-${String(Date.now())}`],
    ),
    database.query<{ user_id: number; enrolment_id: number }>(
      `select setval(pg_get_serial_sequence('users', 'jwl_id'), nextval(pg_get_serial_sequence('users', 'jwl_id')) + $1 - 1) - $1 + 1 as user_id,
              setval(pg_get_serial_sequence('enrolments', 'id'), nextval(pg_get_serial_sequence('enrolments', 'id')) + $1 - 1) - $1 + 1 as enrolment_id`,
      [people.length],
    ),
  ]);
  const clcOf = new Map(clcs.map((c) => [c.code, c.id]));
  const programmeId = programme[0]?.id ?? 0;
  const firstUser = Number(seqs[0]?.user_id);
  const firstEnrolment = Number(seqs[0]?.enrolment_id);
  const tables: Record<string, { columns: string; lines: string[] }> = {
    users: {
      columns: 'jwl_id, username, email, first_name, last_name, gender, phone, last_role_key',
      lines: [],
    },
    student_profiles: { columns: 'user_id, birth_date', lines: [] },
    user_roles: { columns: 'user_id, role_key', lines: [] },
    user_clcs: { columns: 'user_id, clc_id', lines: [] },
    enrolments: { columns: 'id, programme_id, user_id, clc_id, state', lines: [] },
    audit_log: { columns: 'action, entity_type, entity_id, changes', lines: [] },
  };
  people.forEach(([, first, last, email, phone, born, gender, code], i) => {
    const id = firstUser + i;
    const enrolment = firstEnrolment + i;
    const clc = clcOf.get(code ?? '') ?? null;
    tables.users?.lines.push(
      csvLine([
        id,
        `floor.${String(round)}.${String(i)}`,
        email ?? null,
        first ?? '',
        last ?? '',
        gender ?? null,
        phone ?? null,
        'STUDENT',
      ]),
    );
    tables.student_profiles?.lines.push(csvLine([id, born ?? null]));
    tables.user_roles?.lines.push(csvLine([id, 'STUDENT']));
    tables.user_clcs?.lines.push(csvLine([id, clc]));
    tables.enrolments?.lines.push(csvLine([enrolment, programmeId, id, clc, 'applied']));
    const changes = {
      state: { from: null, to: 'applied' },
      programmeId,
      source: 'import',
      clc: code,
      userId: id,
      created: {
        username: `floor.${String(round)}.${String(i)}`,
        firstName: first,
        lastName: last,
        email,
        phone,
        gender,
        birthDate: born,
        roles: ['STUDENT'],
        clcs: [code],
      },
    };
    tables.audit_log?.lines.push(
      csvLine(['applied', 'enrolment', enrolment, JSON.stringify(changes)]),
    );
  });
  tables.audit_log?.lines.push(
    csvLine([
      'applicants.imported',
      'programme',
      programmeId,
      JSON.stringify({ rows: people.length, created: people.length, enrolled: people.length }),
    ]),
  );
  const files = Object.entries(tables).map(([table, t]) => {
    const path = join(tmp, `floor-${table}.csv`);
    writeFileSync(path, `${t.lines.join('\n')}\n`);
    chmodSync(path, 0o644);
    return { table, columns: t.columns, path, body: `${t.lines.join('\n')}\n` };
  });
  const started = performance.now();
  if (database.pglite) {
    const pglite = database.pglite;
    // One transaction, statement by statement: nothing else uses the floor's database.
    await pglite.exec('begin');
    for (const f of files)
      await pglite.query(`copy ${f.table} (${f.columns}) from '/dev/blob' with (format csv)`, [], {
        blob: new Blob([f.body]),
      });
    await pglite.exec('commit');
  } else {
    // Server-side COPY from the files (the bench connects as a superuser on this machine).
    await database.exec(
      `begin; ${files.map((f) => `copy ${f.table} (${f.columns}) from '${f.path}' with (format csv)`).join('; ')}; commit`,
    );
  }
  return performance.now() - started;
}

/** The import benches' programme of one round. */
const roundProgramme = (app: AppProcess, token: string, round: number) =>
  openProgramme(app, token, {
    code: String(960 + round),
    title: `Import bench ${String(round)}`,
    courseCode: 'B1',
    certificateText: 'has completed the import bench.',
  });

async function importRounds(kind: 'pglite' | 'postgres', context: Context): Promise<Result[]> {
  await ensureBuilt();
  const pgApp = kind === 'postgres' ? await createDatabase() : null;
  const pgFloor = kind === 'postgres' ? await createDatabase() : null;
  const app = await startApp({
    dataDir: context.newDir(`import-${kind}`),
    env: { LANTERN_WORKERS: '0' },
    // A first start (initdb, migrations, demo data) on a busy machine can take minutes.
    timeoutMs: 600_000,
    ...(pgApp ? { databaseUrl: pgApp.url, demo: true } : {}),
  });
  let floor: Database | null = null;
  let tmp: string | null = null;
  try {
    if (pgFloor) {
      floor = await openDatabase({ url: pgFloor.url, poolSize: 1 });
      await prepareDatabase(floor);
    } else {
      floor = await openDatabase({ dataDir: (await floorPgliteFolder(context.tmpRoot)).dir });
    }
    const floorDb = floor;
    // Readable by the PostgreSQL server's own user, which reads the floor's files (COPY FROM a
    // file): a folder of its own in the system's temporary folder, removed at the end.
    tmp = mkdtempSync(join(tmpdir(), 'lantern-import-floor-'));
    chmodSync(tmp, 0o755);
    const { token } = await signIn(app.url, USERNAME);
    const importMs: number[] = [];
    const copyMs: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const programme = await roundProgramme(app, token, round);
      const csv = applicantCsv(round, programme.clcCodes);
      const started = performance.now();
      const report = await upload(app, token, programme.id, csv);
      importMs.push(performance.now() - started);
      if (report.created !== ROWS || report.problems.length)
        throw new Error(
          `The import created ${String(report.created)} of ${String(ROWS)} with ${String(report.problems.length)} problems: ${JSON.stringify({ ...report, problems: report.problems.slice(0, 3) })}.`,
        );
      copyMs.push(await copyFloor(floorDb, csv, round, tmp));
    }
    const value = median(importMs);
    const floorValue = median(copyMs);
    log(
      `  ${kind}: import of ${String(ROWS)} applicants: ${importMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s; COPY into the tables ${copyMs.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
    const detail = {
      rows: ROWS,
      rounds: ROUNDS,
      importSeconds: importMs.map((ms) => Number((ms / 1000).toFixed(2))),
      copyMs: copyMs.map((ms) => Number(ms.toFixed(1))),
      note: `as admin on ${kind}, each round a new programme open for applications and 10,000 new people (CSV with names, e-mail, phone, birth date, gender, CLC code), dryRun=false, the whole HTTP request; floor: COPY of the same people into users, student_profiles, user_roles, user_clcs, enrolments and audit_log (one row a person and one for the import) of a database of its own with the same schema and demo data, indexes and foreign keys in place, in one transaction`,
    };
    const scenario = `applicant-import-${kind}`;
    return [
      result({
        scenario,
        name: `import ${String(ROWS)} applicants, total time`,
        unit: 'ms',
        value,
        floor: floorValue,
        target: { on: 'value', op: '<=', limit: 3000 },
        detail,
      }),
      result({
        scenario,
        name: `import ${String(ROWS)} applicants, ratio to COPY into the tables`,
        unit: 'ms',
        value,
        floor: floorValue,
        target: { on: 'ratio', op: '<=', limit: 3 },
        detail: {},
      }),
    ];
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    if (floor) await floor.close();
    await app.stop();
    if (pgApp) await dropDatabase(pgApp.name);
    if (pgFloor) await dropDatabase(pgFloor.name);
  }
}

export const applicantImportPglite: Scenario = {
  name: 'applicant-import-pglite',
  summary: `POST …/applicants/import of ${String(ROWS)} new applicants (CSV) on PGlite: total time against COPY of the same rows into the real tables`,
  run: (context) => importRounds('pglite', context),
};

export const applicantImportPostgres: Scenario = {
  name: 'applicant-import-postgres',
  summary: `The same on PostgreSQL`,
  run: (context) => importRounds('postgres', context),
};

const PEOPLE = 200_000;
const RERUN_ROWS = 20_000;

/**
 * Issue 14, point 10(a): over 200,000 people, a 20,000-row file imported, then the same file
 * again as a dry run and for real (everyone already applied): the re-run must cost no more
 * than the first import, whatever namesakes the first one made.
 */
async function rerun(kind: 'pglite' | 'postgres', context: Context): Promise<Result[]> {
  const people = await startAppWithStudents(context, kind, { LANTERN_WORKERS: '0' }, PEOPLE);
  try {
    const { app } = people;
    const { token } = await signIn(app.url, USERNAME);
    const programme = await roundProgramme(app, token, 9);
    const lines = applicantCsv(1, programme.clcCodes, RERUN_ROWS);
    const timed = async (dryRun: boolean) => {
      const started = performance.now();
      const report = await upload(app, token, programme.id, lines, dryRun);
      return { ms: performance.now() - started, report };
    };
    const first = await timed(false);
    // Some rows may be namesakes of generated people born the same day: matched, not created.
    if (
      first.report.problems.length > 0 ||
      first.report.created + first.report.matched !== RERUN_ROWS
    )
      throw new Error(
        `The first import created ${String(first.report.created)} and matched ${String(first.report.matched)}, with ${String(first.report.problems.length)} problems.`,
      );
    const dry = await timed(true);
    const again = await timed(false);
    if (again.report.alreadyApplied !== RERUN_ROWS || dry.report.alreadyApplied !== RERUN_ROWS)
      throw new Error(`The re-run found ${String(again.report.alreadyApplied)} already applied.`);
    log(
      `  ${kind}: ${String(RERUN_ROWS)} rows over ${String(PEOPLE)} people: first import ${(first.ms / 1000).toFixed(2)} s, re-run as a dry run ${(dry.ms / 1000).toFixed(2)} s, re-run ${(again.ms / 1000).toFixed(2)} s`,
    );
    const value = Math.max(dry.ms, again.ms);
    return [
      result({
        scenario: `applicant-rerun-${kind}`,
        name: `re-run of ${String(RERUN_ROWS)} applied rows over ${String(PEOPLE)} people, against the first import`,
        unit: 'ms',
        value,
        floor: first.ms,
        target: { on: 'ratio', op: '<=', limit: 1 },
        detail: {
          firstMs: Number(first.ms.toFixed(0)),
          dryRunMs: Number(dry.ms.toFixed(0)),
          rerunMs: Number(again.ms.toFixed(0)),
          note: 'as admin, LANTERN_WORKERS=0; the value is the slower of the two re-runs',
        },
      }),
    ];
  } finally {
    await people.close();
  }
}

export const applicantRerunPglite: Scenario = {
  name: 'applicant-rerun-pglite',
  summary: `A ${String(RERUN_ROWS)}-row applicant file imported over ${String(PEOPLE)} people on PGlite, then again (dry run and for real): the re-run against the first import`,
  run: (context) => rerun('pglite', context),
};

export const applicantRerunPostgres: Scenario = {
  name: 'applicant-rerun-postgres',
  summary: 'The same on PostgreSQL',
  run: (context) => rerun('postgres', context),
};
