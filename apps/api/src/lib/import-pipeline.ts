import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { VALIDATION } from '@lantern/contracts/messages';
import {
  DATE_FORMATS,
  type DateOrder,
  type FileReading,
  type ImportEncoding,
  type ImportReadOptions,
  READING_PEOPLE_LIMIT,
} from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../plugins/auth';
import type { UploadedFile } from '../plugins/body';
import { AppError, badRequest } from './errors';
import { readSheetOf, type SheetRow } from './sheet';
import { slicer } from './slices';
import { rows } from './sql';

/**
 * The one way a file comes in (decision 0022, as built: imports): upload → `readSheet` (CSV
 * or XLSX told apart by content) → headers matched to columns without case, spaces or
 * punctuation, by name or alias → every row checked with the contract's zod schema (the same
 * schema the form uses), each issue a problem at its row and column → a dry run, or a file
 * with any problem, writes nothing → a clean file is applied in bounded steps under an import
 * run (below; `applyInSteps` in import-apply.ts), its audit row in the final step. Applicant,
 * results and cohort imports are built on it.
 */

export type ImportProblem = { row: number; column: string; message: string };

/**
 * A header as compared: "First name", "first_name" and "FIRSTNAME" are one, in any script —
 * Unicode letters and digits only (NFKC, lower case), so "الاسم الأول" and "الاسم_الأول" are
 * one too; Arabic's stretching mark (tatweel) and vowel marks do not count.
 */
export const headerKey = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]|\u0640/gu, '');

/** An upload as read: the file, its rows and the encoding of its text (null for XLSX). */
export type Upload = {
  file: UploadedFile;
  sheet: SheetRow[];
  encoding: ImportEncoding | null;
  encodingDetected: boolean;
};

/** The uploaded file's bytes and its rows; 400 when there is no file or it is empty. */
export async function readUpload(
  file: UploadedFile | null,
  options: ImportReadOptions = {},
): Promise<Upload> {
  if (!file || file.size === 0)
    throw badRequest(VALIDATION.emptyFile, { file: VALIDATION.emptyFile });
  const read = await readSheetOf(
    await file.read(),
    options.encoding ? { encoding: options.encoding } : {},
  );
  return { file, sheet: read.rows, encoding: read.encoding, encodingDetected: read.detected };
}

/** How the file was read, for the report: encoding, dates, and the first rows' people. */
export function readingOf(
  upload: Upload,
  dates: FileReading['dates'],
  people: readonly ReadingSource[],
): FileReading {
  return {
    encoding: upload.encoding,
    encodingDetected: upload.encodingDetected,
    dates,
    people: people.slice(0, READING_PEOPLE_LIMIT).map((p) => ({
      row: p.row,
      name: `${p.firstName} ${p.lastName}`.trim(),
      jwlId: p.jwlId ?? null,
      birthDate: p.birthDate ?? null,
      email: p.email ?? null,
      clcCode: p.clcCode ?? null,
    })),
  };
}

/** A row's person as an import read it (fields a file may lack left out or null). */
export type ReadingSource = {
  row: number;
  firstName: string;
  lastName: string;
  jwlId?: number | null;
  birthDate?: string | null;
  email?: string | null;
  clcCode?: string | null;
};

// Dates (issue 27): ISO, DD/MM/YYYY or MM/DD/YYYY as the file's values decide, and Excel's
// serial numbers; the order of an undecided file is asked in the dry run.

const SLASHED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
/** Excel's day numbers from 1927 on (five digits; a four-digit number reads as a year). */
const SERIAL = /^\d{5}$/;

export const DATE_TEXTS = {
  ambiguous: `These dates can be read as ${DATE_FORMATS.dmy} or ${DATE_FORMATS.mdy}. Choose which this file uses.`,
  /** The spec's text, then the format expected. */
  invalid: (order: FileReading['dates']) =>
    `${VALIDATION.date}. Expected format: ${
      order === 'dmy' || order === 'mdy'
        ? `${DATE_FORMATS[order]} (as in the rest of this file) or ${DATE_FORMATS.iso}`
        : `${DATE_FORMATS.iso}, ${DATE_FORMATS.dmy} or ${DATE_FORMATS.mdy}`
    }.`,
};

/**
 * How a file's date values are written: a value whose first part is above 12 decides
 * DD/MM/YYYY, one whose second part is above 12 decides MM/DD/YYYY (the more such values
 * win when both occur: the others are wrong); slashed values that fit both leave it
 * `ambiguous` unless the person chose; no slashed value is ISO; no value at all is null.
 */
export function dateOrderOf(values: readonly string[], chosen?: DateOrder): FileReading['dates'] {
  let dmy = 0;
  let mdy = 0;
  let either = 0;
  // A column with no value says nothing of its dates.
  if (!values.some((value) => value !== '')) return null;
  for (const value of values) {
    const m = SLASHED.exec(value);
    if (!m) continue;
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a > 12 && b <= 12) dmy += 1;
    else if (b > 12 && a <= 12) mdy += 1;
    else if (a !== b) either += 1;
  }
  if (chosen) return chosen;
  if (dmy === 0 && mdy === 0) return either > 0 ? 'ambiguous' : 'iso';
  return dmy >= mdy ? 'dmy' : 'mdy';
}

/** A date cell as YYYY-MM-DD in the file's order (unchanged when it is no date it knows). */
export function isoDateOf(value: string, order: FileReading['dates']): string {
  if (SERIAL.test(value)) {
    const day = new Date(Date.UTC(1899, 11, 30) + Number(value) * 86_400_000);
    return day.toISOString().slice(0, 10);
  }
  const m = SLASHED.exec(value);
  if (!m) return value;
  const [, first = '', second = '', year = ''] = m;
  // An undecided file is read day first for its other checks; it is not imported until chosen.
  const [day, month] = order === 'mdy' ? [second, first] : [first, second];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** The header row and the rows below it; rows without any text are left out when asked. */
export function splitHeader(
  sheet: SheetRow[],
  options: { skipBlank: boolean },
): { header: SheetRow | undefined; body: SheetRow[] } {
  const rows = options.skipBlank
    ? sheet.filter((r) => r.cells.some((c) => c.trim() !== ''))
    : sheet;
  const [header, ...body] = rows;
  return { header, body };
}

/** Where each known column is in the file, by its header (first one wins). */
export function columnIndex<C extends string>(
  header: SheetRow | undefined,
  columns: readonly C[],
  aliases: Partial<Record<C, readonly string[]>> = {},
): Map<C, number> {
  const byKey = new Map<string, C>();
  for (const column of columns) {
    byKey.set(headerKey(column), column);
    for (const alias of aliases[column] ?? [])
      if (!byKey.has(headerKey(alias))) byKey.set(headerKey(alias), column);
  }
  const index = new Map<C, number>();
  header?.cells.forEach((cell, i) => {
    const column = byKey.get(headerKey(cell));
    if (column && !index.has(column)) index.set(column, i);
  });
  return index;
}

/** The header's problem for each required column it lacks. */
export function missingColumns<C extends string>(
  header: SheetRow,
  index: Map<C, number>,
  required: readonly C[],
  message: string,
): ImportProblem[] {
  return required
    .filter((c) => !index.has(c))
    .map((column) => ({ row: header.row, column, message }));
}

/** A row's cells by column, as the row schema reads them ('' for a column the file lacks). */
export function cellsOf<C extends string>(
  row: SheetRow,
  index: Map<C, number>,
  columns: readonly C[],
): Record<C, string> {
  const out = {} as Record<C, string>;
  for (const column of columns) {
    const i = index.get(column);
    out[column] = i === undefined ? '' : (row.cells[i] ?? '').trim();
  }
  return out;
}

/**
 * Every row checked with `schema` (the contract's), in slices so that a large file does not
 * hold the event loop (decision 0017): the valid rows' values, and each issue as a problem at
 * its row and at the column its path names (the first issue of a column only, as a form shows
 * one message a field). `columnName` says what a problem calls a column (its key, by default).
 */
export async function validateRows<C extends string, Out>(input: {
  rows: readonly SheetRow[];
  index: Map<C, number>;
  columns: readonly C[];
  schema: z.ZodType<Out>;
  columnName?: (column: string) => string;
  /** Rows whose cells are all empty: skipped (true) or checked like any other (false). */
  skipBlank?: boolean;
  /** Columns holding dates, read as `dateOrderOf` decides (or as the person chose). */
  dates?: { columns: readonly C[]; order?: DateOrder; headerRow?: number };
}): Promise<{
  valid: { row: number; value: Out }[];
  problems: ImportProblem[];
  dates: FileReading['dates'];
}> {
  const valid: { row: number; value: Out }[] = [];
  const problems: ImportProblem[] = [];
  const name = input.columnName ?? ((c: string) => c);
  const dateColumns = new Set<string>(input.dates?.columns ?? []);
  const values: string[] = [];
  for (const column of dateColumns) {
    const i = input.index.get(column as C);
    if (i !== undefined) for (const row of input.rows) values.push((row.cells[i] ?? '').trim());
  }
  const order = dateOrderOf(values, input.dates?.order);
  if (order === 'ambiguous') {
    const first = [...dateColumns].find((c) => input.index.has(c as C)) ?? '';
    problems.push({
      row: input.dates?.headerRow ?? 1,
      column: name(first),
      message: DATE_TEXTS.ambiguous,
    });
  }
  const pause = slicer();
  for (const row of input.rows) {
    await pause();
    if (input.skipBlank && row.cells.every((c) => c.trim() === '')) continue;
    const cells: Record<string, string> = cellsOf(row, input.index, input.columns);
    for (const column of dateColumns)
      if (cells[column]) cells[column] = isoDateOf(cells[column], order);
    const parsed = input.schema.safeParse(cells);
    if (parsed.success) {
      valid.push({ row: row.row, value: parsed.data });
      continue;
    }
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? input.columns[0] ?? '');
      if (seen.has(column)) continue;
      seen.add(column);
      const message =
        dateColumns.has(column) && issue.message === VALIDATION.date
          ? DATE_TEXTS.invalid(order)
          : issue.message;
      problems.push({ row: row.row, column: name(column), message });
    }
  }
  return { valid, problems, dates: order };
}

/** Problems in the file's order: by row, then by the columns' order (unknown columns last). */
export function sortProblems(
  problems: ImportProblem[],
  columns: readonly string[],
): ImportProblem[] {
  const order = new Map(columns.map((c, i) => [c, i]));
  return [...problems].sort(
    (a, b) =>
      a.row - b.row ||
      (order.get(a.column) ?? columns.length) - (order.get(b.column) ?? columns.length),
  );
}

// ---------------------------------------------------------------------------------------------
// Applying an import in bounded steps (issue 27; decision 0022, as built: imports in steps).
//
// On PGlite every request that needs the database waits for the one connection, taken in whole
// transactions (decision 0017): an import that plans and writes in one transaction makes every
// request wait for all of it. So an import is a run (`import_runs`): its rows are planned by
// statements of bounded size outside any transaction, what they will write is staged
// (`import_staged_rows`, keyed by the run) in short transactions, and one short final
// transaction writes it and makes the import visible — whole, or not at all. A run cut off
// before that final step (a crash, a restart) is invisible and is cleared by the next import
// of its programme or person, which starts clean.

/** The longest a step of an import may hold the database. */
export const STEP_BUDGET_MS = 50;
/**
 * What a step's size aims at: far below the budget, because a request that needs the database
 * meanwhile waits up to one step for each of its statements (a signed-in read makes about five),
 * and a slower step still keeps to the budget. Measured in bench `event-loop-import`: at 20 ms
 * a probe read took 115 ms at the median during a re-run of 20,000 rows, at 6 ms 34 ms.
 */
const STEP_AIM_MS = 6;
/** A staging run untouched this long, of another process, was cut off. */
export const STALE_RUN_MS = 30_000;
/** How often a live run says so. */
const HEARTBEAT_MS = 5_000;

/** This process, as the owner of the runs it starts. */
const PROCESS_ID = randomUUID();
/** Runs this process is applying now. */
const liveRuns = new Set<number>();

export const IMPORT_BUSY = {
  programme:
    'Another import into this programme is running. Wait until it has finished, then try again.',
  person: 'You are running another import. Wait until it has finished, then try again.',
  stopped: 'The import was stopped before it was finished. Nothing was imported; try again.',
} as const;

/**
 * `items` handed to `step` a piece at a time, each piece sized from the time the last one took
 * so that a step holds the database for about STEP_AIM_MS (a step that waited for the
 * connection counts its wait too, so a busy database gets smaller steps). Results in order.
 */
export async function inBoundedSteps<T, R>(
  items: readonly T[],
  step: (piece: T[]) => Promise<readonly R[]>,
  options: { first?: number; most?: number } = {},
): Promise<R[]> {
  const out: R[] = [];
  const most = options.most ?? 2_000;
  let size = Math.min(options.first ?? 50, most);
  for (let at = 0; at < items.length;) {
    const piece = items.slice(at, at + size);
    const started = performance.now();
    for (const r of await step(piece)) out.push(r);
    const took = Math.max(performance.now() - started, 1);
    at += piece.length;
    size = Math.max(10, Math.min(most, size * 2, Math.floor((size * STEP_AIM_MS) / took)));
  }
  return out;
}

export type ImportRun = { id: number };

/**
 * A new run of an import into `programmeId` by the caller; 409 with a sentence when another run
 * of that programme or that person is live. A run it finds cut off (of this process and no
 * longer running here, or of another process and untouched for STALE_RUN_MS) is abandoned and
 * its staged rows cleared first: the new run starts clean.
 */
export async function beginRun(
  db: Db,
  auth: AuthContext,
  input: { kind: string; programmeId: number; sha256: string },
): Promise<ImportRun> {
  const userId = auth.user.jwlId;
  const staging = await rows<{ id: number; owner: string; stale: boolean }>(
    db,
    sql`select id, owner, touched_at < now() - make_interval(secs => ${STALE_RUN_MS / 1000})
          as stale
        from import_runs
        where state = 'staging' and (programme_id = ${input.programmeId} or started_by = ${userId})`,
  );
  const cutOff = staging.filter((r) => (r.owner === PROCESS_ID ? !liveRuns.has(r.id) : r.stale));
  for (const r of cutOff) await abandonRun(db, r);
  const [run] = await rows<{ id: number }>(
    db,
    sql`insert into import_runs (kind, programme_id, started_by, sha256, owner)
        values (${input.kind}, ${input.programmeId}, ${userId}, ${input.sha256}, ${PROCESS_ID})
        on conflict do nothing
        returning id`,
  );
  if (!run) {
    const [busy] = await rows<{ programme_id: number }>(
      db,
      sql`select programme_id from import_runs
          where state = 'staging' and (programme_id = ${input.programmeId} or started_by = ${userId})
          limit 1`,
    );
    throw new AppError(
      409,
      'CONFLICT',
      busy?.programme_id === input.programmeId ? IMPORT_BUSY.programme : IMPORT_BUSY.person,
    );
  }
  liveRuns.add(run.id);
  return run;
}

/** The run marked abandoned and its staged rows deleted, a bounded step at a time. */
async function abandonRun(db: Db, run: ImportRun): Promise<void> {
  await db.execute(
    sql`update import_runs set state = 'abandoned', touched_at = now()
        where id = ${run.id} and state = 'staging'`,
  );
  await clearStaged(db, run);
}

/** The run's staged rows deleted in bounded steps (after it was applied or abandoned). */
async function clearStaged(db: Db, run: ImportRun): Promise<void> {
  let size = 500;
  for (;;) {
    const started = performance.now();
    const deleted = await rows<{ seq: number }>(
      db,
      sql`delete from import_staged_rows
          where run_id = ${run.id}
            and seq in (select seq from import_staged_rows where run_id = ${run.id}
                        order by seq limit ${size})
          returning seq`,
    );
    if (deleted.length < size) return;
    const took = Math.max(performance.now() - started, 1);
    size = Math.max(50, Math.min(20_000, size * 2, Math.floor((size * STEP_AIM_MS) / took)));
  }
}

/**
 * What the final step will write, staged under the run in short transactions (each also
 * touches the run: it is alive). Nothing staged is visible to anything but the run itself.
 */
export async function stageRows(db: Db, run: ImportRun, payloads: readonly unknown[]) {
  const numbered = payloads.map((payload, seq) => ({ seq, payload }));
  await inBoundedSteps(
    numbered,
    async (piece) => {
      await db.execute(
        sql`with alive as (update import_runs set touched_at = now() where id = ${run.id})
            insert into import_staged_rows (run_id, seq, payload)
            select ${run.id}, (r->>'seq')::int, r->'payload'
            from jsonb_array_elements(${JSON.stringify(piece)}::jsonb) r`,
      );
      return [];
    },
    { first: 50, most: 5_000 },
  );
}

/** The run's staged rows in order, inside the final transaction. */
export async function stagedRows<T>(tx: Db, run: ImportRun): Promise<T[]> {
  const found = await rows<{ payload: T }>(
    tx,
    sql`select payload from import_staged_rows where run_id = ${run.id} order by seq`,
  );
  return found.map((r) => r.payload);
}

/**
 * Inside the final transaction: the run marked applied. A run abandoned meanwhile (cut off by
 * another process that found it stale) is refused, so the transaction writes nothing.
 */
export async function markApplied(tx: Db, run: ImportRun): Promise<void> {
  const [done] = await rows<{ id: number }>(
    tx,
    sql`update import_runs set state = 'applied', touched_at = now()
        where id = ${run.id} and state = 'staging' returning id`,
  );
  if (!done) throw new AppError(409, 'CONFLICT', IMPORT_BUSY.stopped);
}

/**
 * `work` with a run of its own: begun (one at a time per programme and per person), kept
 * alive while it works, and afterwards — applied or not — its staged rows cleared in bounded
 * steps; a run that did not reach `markApplied` is abandoned.
 */
export async function withImportRun<T>(
  db: Db,
  auth: AuthContext,
  input: { kind: string; programmeId: number; sha256: string },
  work: (run: ImportRun) => Promise<T>,
): Promise<T> {
  const run = await beginRun(db, auth, input);
  const heartbeat = setInterval(() => {
    db.execute(sql`update import_runs set touched_at = now() where id = ${run.id}`).catch(
      () => undefined,
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    return await work(run);
  } finally {
    clearInterval(heartbeat);
    try {
      await abandonRun(db, run);
    } finally {
      liveRuns.delete(run.id);
    }
  }
}
