import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { slicer } from './slices';

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

export const EXPORT_MIME: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** One CSV field, quoted with inner quotes doubled, as csv_cell does in the database. */
const csvField = (value: string | number | boolean | null): string =>
  value === null ? '' : `"${String(value).replaceAll('"', '""')}"`;

/**
 * Fetches a source's first item now, before any header is sent, and gives back the whole
 * source again. A query the database refuses is then an ordinary error answer (a 400 with a
 * JSON body, decision 0016), never a 200 cut short after its headers.
 */
export async function primed<T>(source: AsyncIterable<T>): Promise<AsyncGenerator<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return (async function* () {
    try {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next())
        yield next.value;
    } finally {
      // A client that went away stops the source, so no further batch is queried.
      await iterator.return?.();
    }
  })();
}

/**
 * Streams rows batch by batch into a CSV or XLSX download; memory stays flat however many rows
 * there are. `batches` yields arrays of rows (a keyset-paged query); cells are neutralised here.
 */
export async function sendExport<T>(
  reply: FastifyReply,
  options: {
    format: ExportFormat;
    filename: string;
    columns: ExportColumn<T>[];
    batches: AsyncIterable<T[]>;
  },
): Promise<FastifyReply> {
  const { columns, batches } = options;
  const cells = (row: T) => columns.map((c) => neutralise(c.value(row)));
  return sendPreparedExport(reply, {
    format: options.format,
    filename: options.filename,
    headers: columns.map((c) => c.header),
    csvChunks: async function* () {
      for await (const batch of batches) {
        yield batch.map((row) => `${cells(row).map(csvField).join(',')}\r\n`).join('');
      }
    },
    cellBatches: async function* () {
      for await (const batch of batches) {
        yield batch.map((row) => cells(row).map((v) => (v === null ? '' : String(v))));
      }
    },
  });
}

/**
 * Streams an export whose cells the database already made safe: CSV as ready text chunks, XLSX
 * from batches of text cells. Used where the rows are many (people), so little crosses into
 * JavaScript per row.
 *
 * The first batch is read before the headers go out (see `primed`). A batch that fails later
 * fails the stream, and Fastify then destroys the connection without the terminating chunk, so
 * the client reports an error instead of taking a short file for a whole one.
 */
export async function sendPreparedExport(
  reply: FastifyReply,
  options: {
    format: ExportFormat;
    filename: string;
    headers: string[];
    csvChunks: () => AsyncIterable<string>;
    cellBatches: () => AsyncIterable<string[][]>;
  },
): Promise<FastifyReply> {
  const { format, headers } = options;
  if (format === 'csv') {
    const chunks = await primed(options.csvChunks());
    const headerLine = `\uFEFF${headers.map(csvField).join(',')}\r\n`;
    attachment(reply, options.filename, format).type('text/csv; charset=utf-8');
    return reply.send(
      Readable.from(
        (async function* () {
          yield headerLine;
          yield* chunks;
        })(),
      ),
    );
  }
  const batches = await primed(options.cellBatches());
  attachment(reply, options.filename, format).type(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
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
      for await (const batch of batches) {
        for (const row of batch) sheet.addRow(row).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return reply.send(out);
}

function attachment(reply: FastifyReply, filename: string, format: ExportFormat): FastifyReply {
  return reply
    .header('content-disposition', `attachment; filename="${filename}.${format}"`)
    .header('cache-control', 'no-store');
}

type Cell = string | number | boolean | null;

/**
 * An export as a file to keep (a batch sent to a university), not a download: the bytes of a
 * CSV (with a byte-order mark) or XLSX (the streaming writer, no styles or shared strings), the
 * cells neutralised here. In slices, so that many rows do not hold the event loop (0017).
 */
export async function exportFile(
  format: ExportFormat,
  options: { sheet: string; headers: string[]; rows: Iterable<Cell[]> },
): Promise<Buffer> {
  const pause = slicer();
  if (format === 'csv') {
    const lines = [`\uFEFF${options.headers.map(csvField).join(',')}\r\n`];
    for (const cells of options.rows) {
      await pause();
      lines.push(`${cells.map((v) => csvField(neutralise(v))).join(',')}\r\n`);
    }
    return Buffer.from(lines.join(''), 'utf8');
  }
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(options.sheet);
  sheet.addRow(options.headers).commit();
  for (const cells of options.rows) {
    await pause();
    sheet.addRow(cells.map((v) => neutralise(v))).commit();
  }
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
