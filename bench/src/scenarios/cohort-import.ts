import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '@lantern/db/client';
import type { Context, Scenario } from '../lib/context';
import { api } from '../lib/programme';
import { createDatabase, dropDatabase, floorPgliteFolder, prepareDatabase } from '../lib/db';
import { signIn } from '../lib/load';
import { ensureBuilt, startApp, type AppProcess } from '../lib/processes';
import { log, result, type Result } from '../lib/report';
import { copyFloor } from './applicant-import';

const USERNAME = 'admin';
const ROWS = 10_000;
const HEADER = 'jwlId,firstName,lastName,email,phone,birthDate,gender,clcCode';
const FIRST = ['Amina', 'Yusuf', 'Nyabol', 'Hassan', 'Grace', 'Omar', 'Fatima', 'Deng'];
const LAST = ['Okello', 'Haddad', 'Mohamed', 'Atieno', 'Rahman', 'Mutua', 'Khalil', 'Abebe'];
const CLCS = ['KAK', 'AMM', 'ERB'];
/** Of the second file: rows dropped (no longer listed), e-mails and phones changed, people new. */
const DROPPED = 100;
const NEW_EMAIL = 500;
const NEW_PHONE = 200;
const ADDED = 100;

type Person = string[];

/** The i-th person of the cohort: a name of its own (no demo student shares it), born 1960–2003. */
function person(i: number): Person {
  const born = new Date(Date.UTC(1960, 0, 1) + (i % 16_000) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return [
    '',
    FIRST[i % FIRST.length] ?? 'Amina',
    `${LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Okello'} Cohortbench`,
    `cohort.${String(i)}@import.example`,
    `+2547${String(10_000_000 + ((i * 7919) % 89_999_999))}`,
    born,
    i % 2 ? 'm' : 'f',
    CLCS[i % CLCS.length] ?? 'KAK',
  ];
}

const csvOf = (people: Person[]) => `${[HEADER, ...people.map((p) => p.join(','))].join('\n')}\n`;

/** The last import's file, and the next one: some people gone, some changed, some new. */
function files(): { first: string; second: string } {
  const first = Array.from({ length: ROWS }, (_, i) => person(i));
  const second = first.slice(DROPPED).map((p, i) => {
    const next = [...p];
    if (i < NEW_EMAIL) next[3] = `cohort.${String(i)}.moved@import.example`;
    else if (i < NEW_EMAIL + NEW_PHONE) next[4] = `+2547${String(20_000_000 + i)}`;
    return next;
  });
  for (let i = 0; i < ADDED; i += 1) second.push(person(ROWS + i));
  return { first: csvOf(first), second: csvOf(second) };
}

type Report = {
  added: number;
  changed: number;
  unchanged: number;
  unlisted: number;
  problems: unknown[];
  dryRun: boolean;
};

const upload = (app: AppProcess, token: string, path: string, csv: string, dryRun: boolean) => {
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'cohort.csv');
  return api<Report>(app, token, `${path}/import?dryRun=${String(dryRun)}`, {
    method: 'POST',
    body: form,
  });
};

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function cohortImport(kind: 'pglite' | 'postgres', context: Context): Promise<Result[]> {
  await ensureBuilt();
  const pgApp = kind === 'postgres' ? await createDatabase() : null;
  const pgFloor = kind === 'postgres' ? await createDatabase() : null;
  const app = await startApp({
    dataDir: context.newDir(`cohort-import-${kind}`),
    env: { LANTERN_WORKERS: '0' },
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
    tmp = mkdtempSync(join(tmpdir(), 'lantern-cohort-floor-'));
    chmodSync(tmp, 0o755);
    const { token } = await signIn(app.url, USERNAME);
    const list = await api<{ items: { id: number; code: string }[] }>(
      app,
      token,
      '/api/en/programme/bachelor?q=512',
    );
    const programme = list.items.find((p) => p.code === '512');
    if (!programme) throw new Error('The demo has no bachelor programme 512.');
    const cohort = await api<{ id: number }>(
      app,
      token,
      `/api/en/programme/bachelor/${String(programme.id)}/cohorts`,
      { method: 'POST', body: JSON.stringify({ code: `BENCH-${kind}`, intakeTerm: '2027-fa' }) },
    );
    const path = `/api/en/programme/bachelor/${String(programme.id)}/cohorts/${String(cohort.id)}`;
    const { first, second } = files();

    const initial = await timed(() => upload(app, token, path, first, false));
    if (initial.value.added !== ROWS || initial.value.problems.length)
      throw new Error(`The first import: ${JSON.stringify({ ...initial.value, diff: undefined })}`);
    const dry = await timed(() => upload(app, token, path, second, true));
    const applied = await timed(() => upload(app, token, path, second, false));
    const expected = { added: ADDED, changed: NEW_EMAIL + NEW_PHONE, unlisted: DROPPED };
    const got = applied.value;
    if (
      got.dryRun ||
      got.added !== expected.added ||
      got.changed !== expected.changed ||
      got.unlisted !== expected.unlisted
    )
      throw new Error(
        `The second import: ${JSON.stringify({ ...got, diff: undefined, problems: got.problems.slice(0, 3) })}`,
      );
    const again = await timed(() => upload(app, token, path, second, false));
    if (again.value.added + again.value.changed !== 0)
      throw new Error(
        `The same file again changed ${JSON.stringify({ ...again.value, diff: undefined })}`,
      );
    const copyMs = await copyFloor(floor, first, 1, tmp);
    log(
      `  ${kind}: cohort of ${String(ROWS)}: first import ${(initial.ms / 1000).toFixed(2)} s; next file (${String(expected.added)} added, ${String(expected.changed)} changed, ${String(expected.unlisted)} unlisted) dry run ${(dry.ms / 1000).toFixed(2)} s, applied ${(applied.ms / 1000).toFixed(2)} s; same file again ${(again.ms / 1000).toFixed(2)} s; COPY floor ${copyMs.toFixed(0)} ms`,
    );
    const detail = {
      rows: ROWS,
      firstImportMs: Number(initial.ms.toFixed(0)),
      dryRunMs: Number(dry.ms.toFixed(0)),
      appliedMs: Number(applied.ms.toFixed(0)),
      sameFileAgainMs: Number(again.ms.toFixed(0)),
      copyMs: Number(copyMs.toFixed(1)),
      note: `as admin on ${kind}, LANTERN_WORKERS=0, the whole HTTP request: a cohort of programme 512 first imported from 10,000 new people, then a file of 10,000 rows against it (${String(DROPPED)} no longer listed, ${String(NEW_EMAIL)} e-mails and ${String(NEW_PHONE)} phones changed, ${String(ADDED)} new people) parsed, checked, diffed and applied; floor: COPY of 10,000 people into users, student_profiles, user_roles, user_clcs, enrolments and audit_log (the applicant-import floor)`,
    };
    const scenario = `cohort-import-${kind}`;
    return [
      result({
        scenario,
        name: `cohort import of ${String(ROWS)} rows diffed against the last import, applied`,
        unit: 'ms',
        value: applied.ms,
        floor: copyMs,
        target: { on: 'value', op: '<=', limit: 3000 },
        detail,
      }),
      result({
        scenario,
        name: `cohort import of ${String(ROWS)} rows, ratio to COPY into the tables`,
        unit: 'ms',
        value: applied.ms,
        floor: copyMs,
        target: { on: 'ratio', op: '<=', limit: 3 },
        detail: {},
      }),
      result({
        scenario,
        name: `first cohort import of ${String(ROWS)} new people, ratio to COPY`,
        unit: 'ms',
        value: initial.ms,
        floor: copyMs,
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

export const cohortImportPglite: Scenario = {
  name: 'cohort-import-pglite',
  summary: `POST …/cohorts/:cohortId/import of ${String(ROWS)} rows diffed against the cohort's last import, on PGlite: total time against COPY of the rows into the real tables`,
  run: (context) => cohortImport('pglite', context),
};

export const cohortImportPostgres: Scenario = {
  name: 'cohort-import-postgres',
  summary: 'The same on PostgreSQL',
  run: (context) => cohortImport('postgres', context),
};
