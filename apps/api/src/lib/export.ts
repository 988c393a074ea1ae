import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportColumn<T> = {
  header: string;
  value: (row: T) => string | number | boolean | null;
};

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a leading tab or return) is
 * written as text, with a leading apostrophe.
 */
export function neutralise(
  value: string | number | boolean | null,
): string | number | boolean | null {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Streams rows batch by batch into a CSV or XLSX download; memory stays flat however many rows
 * there are. `batches` yields arrays of rows (a keyset-paged query).
 */
export function sendExport<T>(
  reply: FastifyReply,
  options: {
    format: ExportFormat;
    filename: string;
    columns: ExportColumn<T>[];
    batches: AsyncIterable<T[]>;
  },
): FastifyReply {
  const { format, columns, batches } = options;
  const name = `${options.filename}.${format}`;
  void reply.header('content-disposition', `attachment; filename="${name}"`);
  void reply.header('cache-control', 'no-store');
  const cells = (row: T) => columns.map((c) => neutralise(c.value(row)));
  if (format === 'csv') {
    void reply.type('text/csv; charset=utf-8');
    const csv = stringify({ header: true, columns: columns.map((c) => c.header), bom: true });
    void (async () => {
      try {
        for await (const batch of batches) {
          for (const row of batch) {
            if (!csv.write(cells(row))) await new Promise((resolve) => csv.once('drain', resolve));
          }
        }
        csv.end();
      } catch (error) {
        csv.destroy(error as Error);
      }
    })();
    return reply.send(csv);
  }
  void reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Export');
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.header,
    width: Math.max(12, c.header.length + 2),
  }));
  void (async () => {
    try {
      for await (const batch of batches) {
        for (const row of batch) sheet.addRow(cells(row)).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return reply.send(Readable.from(out));
}

/**
 * Streams an export whose cells the database already made safe: CSV as ready text chunks, XLSX
 * from batches of text cells. Used where the rows are many (people), so little crosses into
 * JavaScript per row.
 */
export function sendPreparedExport(
  reply: FastifyReply,
  options: {
    format: ExportFormat;
    filename: string;
    headers: string[];
    csvChunks: () => AsyncIterable<string>;
    cellBatches: () => AsyncIterable<string[][]>;
  },
): FastifyReply {
  const { format, headers } = options;
  void reply.header('content-disposition', `attachment; filename="${options.filename}.${format}"`);
  void reply.header('cache-control', 'no-store');
  if (format === 'csv') {
    void reply.type('text/csv; charset=utf-8');
    const headerLine = `\uFEFF${headers.map((h) => `"${h.replaceAll('"', '""')}"`).join(',')}\r\n`;
    const chunks = options.csvChunks();
    return reply.send(
      Readable.from(
        (async function* () {
          yield headerLine;
          yield* chunks;
        })(),
      ),
    );
  }
  void reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Export');
  sheet.columns = headers.map((h) => ({ header: h, key: h, width: Math.max(12, h.length + 2) }));
  void (async () => {
    try {
      for await (const batch of options.cellBatches()) {
        for (const row of batch) sheet.addRow(row).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return reply.send(Readable.from(out));
}
