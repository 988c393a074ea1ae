import { saveFile } from './save-file';

/** One CSV cell: a would-be formula (=, +, -, @) as text, as the server's exports write it;
 * quoted when it holds a separator, a quote or a line break. */
export const csvCell = (value: string | number) => {
  const text = String(value).replace(/^[=+\-@\t\r]/, (start) => `'${start}`);
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Rows as CSV text, each line ended by CRLF as spreadsheet programs write it. */
export const csvText = (rows: readonly (readonly (string | number)[])[]): string =>
  rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');

/** A CSV file made in the browser, saved under `filename`. The BOM tells spreadsheet programs
 * the text is UTF-8 (names in any script); the imports read past it. */
export function saveCsv(filename: string, text: string): void {
  const blob = new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' });
  saveFile({ blob, filename });
}
