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
import type { UploadedFile } from '../plugins/body';
import { badRequest } from './errors';
import { readSheetOf, type SheetRow } from './sheet';
import { slicer } from './slices';

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

// Applying an import in bounded steps lives in import-runs.ts; importers take it from here.
export {
  IMPORT_BUSY,
  STALE_RUN_MS,
  STEP_BUDGET_MS,
  beginRun,
  inBoundedSteps,
  markApplied,
  stageRows,
  stagedRows,
  withImportRun,
  type ImportRun,
} from './import-runs';
