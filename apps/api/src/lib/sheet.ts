import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { setImmediate as afterIo } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { VALIDATION } from '@lantern/contracts/messages';
import type { ImportEncoding } from '@lantern/contracts/programme';
import { AppError, badRequest } from './errors';

/** A row of the sheet as text cells, numbered as a spreadsheet shows it (header = row 1). */
export type SheetRow = { row: number; cells: string[] };

/** An imported file is at most this many rows below its header. */
export const MAX_IMPORT_ROWS = 50_000;

const unreadable = (detail: string) => badRequest(detail, { file: VALIDATION.file });

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);

/** A sheet as read: its rows and, for a CSV, the encoding its text was read in. */
export type ReadSheet = { rows: SheetRow[]; encoding: ImportEncoding | null; detected: boolean };

/**
 * The rows of an uploaded CSV or XLSX file, told apart by content (an XLSX is a ZIP, 'PK'),
 * never by the name or type the browser declared. A CSV is read in `encoding` when the person
 * chose one, else in the encoding `detectEncoding` finds.
 */
export async function readSheetOf(
  data: Buffer,
  options: { encoding?: ImportEncoding } = {},
): Promise<ReadSheet> {
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04]))
    return { rows: await readXlsx(data), encoding: null, detected: true };
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0]))
    throw unreadable(
      'This is an old Excel file (XLS). Save it as XLSX or CSV and upload it again.',
    );
  const encoding = options.encoding ?? detectEncoding(data);
  return {
    rows: await readCsv(decodeText(data, encoding)),
    encoding,
    detected: options.encoding === undefined,
  };
}

/** The rows of an uploaded file (see `readSheetOf`). */
export async function readSheet(data: Buffer): Promise<SheetRow[]> {
  return (await readSheetOf(data)).rows;
}

/**
 * The encoding of a CSV's bytes: a byte order mark first (UTF-8, UTF-16 either way); then
 * UTF-8 when the bytes are valid UTF-8; else the Windows code page Excel saved it in, told by
 * its letters. Bytes above 0x7F are letters in both Windows-1252 (accented Latin) and
 * Windows-1256 (Arabic); in a Latin word they sit among ASCII letters ("Müller", "José"), in
 * an Arabic word every letter is one ("محمد"). So each word holding such bytes votes: mixed
 * with ASCII letters for Windows-1252, two or more of them alone for Windows-1256.
 */
export function detectEncoding(data: Buffer): ImportEncoding {
  if (startsWith(data, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(data, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(data, [0xfe, 0xff])) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return 'utf-8';
  } catch {
    // Not UTF-8: one of the Windows code pages.
  }
  const isAsciiLetter = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
  const isHigh = (b: number) => b >= 0x80 && b !== 0xa0;
  let latin = 0;
  let arabic = 0;
  let ascii = 0;
  let high = 0;
  const endWord = () => {
    if (high > 0 && ascii > 0) latin += 1;
    else if (high >= 2) arabic += 1;
    ascii = 0;
    high = 0;
  };
  for (const b of data) {
    if (isAsciiLetter(b)) ascii += 1;
    else if (isHigh(b)) high += 1;
    else endWord();
  }
  endWord();
  return arabic > latin ? 'windows-1256' : 'windows-1252';
}

/** The bytes as text in `encoding`, without a byte order mark. */
function decodeText(data: Buffer, encoding: ImportEncoding): string {
  // The decoder drops a byte order mark of its own encoding.
  const text = new TextDecoder(encoding).decode(data);
  if (text.includes('\u0000')) throw unreadable('The file is neither a CSV nor an XLSX file.');
  return text.replace(/^\uFEFF/, '');
}

/** The separator of the header line: comma, semicolon (Excel in many locales) or tab. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0] && counts[0].n > 0 ? counts[0].d : ',';
}

/** Characters the CSV parser is given at a time, between which the event loop runs. */
const CSV_SLICE = 16 * 1024;

/** The text in slices, each after the event loop has had a turn; no surrogate pair is cut. */
async function* slicesOf(text: string): AsyncGenerator<string> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + CSV_SLICE, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    yield text.slice(start, end);
    start = end;
    await afterIo();
  }
}

/** Parsed a slice at a time, so that a large file does not hold the event loop (0017). */
async function readCsv(text: string): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  try {
    const parser = Readable.from(slicesOf(text)).pipe(
      parse({
        delimiter: delimiterOf(text),
        relax_column_count: true,
        skip_empty_lines: false,
        trim: true,
      }),
    );
    for await (const cells of parser as AsyncIterable<string[]>) {
      rows.push({ row: rows.length + 1, cells });
      if (rows.length > MAX_IMPORT_ROWS + 1) {
        parser.destroy();
        throw tooManyRows();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const reason = error instanceof Error ? error.message : 'it is not valid CSV';
    throw unreadable(`The CSV file could not be read: ${reason}`);
  }
  return rows;
}

const tooManyRows = () =>
  badRequest(
    `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows. Split it and import the parts one after another.`,
    { file: VALIDATION.file },
  );

async function readXlsx(data: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as its own Buffer interface; a Node Buffer is what it reads.
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw unreadable(
      'The XLSX file could not be read. Save it again from the spreadsheet and retry.',
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable('The XLSX file has no sheet.');
  if (sheet.actualRowCount > MAX_IMPORT_ROWS + 1) throw tooManyRows();
  const out: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = row.values as ExcelJS.CellValue[];
    // `values` is 1-based: index 0 is always empty.
    out.push({ row: rowNumber, cells: values.slice(1).map(cellText) });
  });
  return out;
}

/** A cell as the text a person sees in it; dates as YYYY-MM-DD (UTC, as exceljs reads them). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('hyperlink' in value) {
    const text: unknown = value.text;
    // A linked cell's text may itself be rich text.
    return typeof text === 'string' ? text.trim() : cellText(text as ExcelJS.CellValue);
  }
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  return '';
}
