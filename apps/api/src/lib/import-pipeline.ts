import type { z } from 'zod';
import { VALIDATION } from '@lantern/contracts/messages';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../plugins/auth';
import type { UploadedFile } from '../plugins/body';
import { audit, type AuditEntry } from './audit';
import { badRequest } from './errors';
import { readSheet, type SheetRow } from './sheet';
import { slicer } from './slices';

/**
 * The one way a file comes in (decision 0022, as built: imports): upload → `readSheet` (CSV
 * or XLSX told apart by content) → headers matched to columns without case, spaces or
 * punctuation, by name or alias → every row checked with the contract's zod schema (the same
 * schema the form uses), each issue a problem at its row and column → a dry run, or a file
 * with any problem, writes nothing → a clean file is applied by the caller's callback in one
 * transaction, with its audit row. Applicant, results and cohort imports are built on it.
 */

export type ImportProblem = { row: number; column: string; message: string };

/** A header as compared: "First name", "first_name" and "FIRSTNAME" are one. */
export const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The uploaded file's bytes and its rows; 400 when there is no file or it is empty. */
export async function readUpload(file: UploadedFile | null): Promise<{
  file: UploadedFile;
  sheet: SheetRow[];
}> {
  if (!file || file.size === 0)
    throw badRequest(VALIDATION.emptyFile, { file: VALIDATION.emptyFile });
  return { file, sheet: await readSheet(await file.read()) };
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
}): Promise<{ valid: { row: number; value: Out }[]; problems: ImportProblem[] }> {
  const valid: { row: number; value: Out }[] = [];
  const problems: ImportProblem[] = [];
  const name = input.columnName ?? ((c: string) => c);
  const pause = slicer();
  for (const row of input.rows) {
    await pause();
    if (input.skipBlank && row.cells.every((c) => c.trim() === '')) continue;
    const cells = cellsOf(row, input.index, input.columns);
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
      problems.push({ row: row.row, column: name(column), message: issue.message });
    }
  }
  return { valid, problems };
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

/**
 * The last step: nothing written for a dry run or a file with problems (`report` as is);
 * otherwise `apply` in one transaction, with the audit row it returns written in the same
 * transaction, so a failure anywhere leaves nothing of the file behind.
 */
export async function applyImport<R extends { dryRun: boolean; problems: ImportProblem[] }>(
  db: Db,
  auth: AuthContext,
  input: {
    dryRun: boolean;
    report: R;
    apply: (tx: Db) => Promise<{ report: R; audit: AuditEntry | null }>;
  },
): Promise<R> {
  if (input.dryRun || input.report.problems.length > 0) return { ...input.report, dryRun: true };
  const done = await db.transaction(async (tx) => {
    const result = await input.apply(tx);
    if (result.audit && result.report.problems.length === 0) await audit(tx, auth, result.audit);
    return result.report;
  });
  return { ...done, dryRun: done.problems.length > 0 };
}
