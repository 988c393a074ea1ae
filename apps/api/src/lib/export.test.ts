import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerErrorHandling } from '../plugins/errors';
import { sendExport, type ExportFormat } from './export';

/**
 * The streaming core of every export, through a real HTTP client (fetch) against a listening
 * server: a failure before the first batch is an ordinary error answer; a failure after the
 * headers ends the connection without the terminating chunk, so the client's read fails.
 */

type Row = { id: number; name: string };
type Plan = { failAt: number; rowsPerBatch: number; batches: number };

/** A database error as the drivers raise it: SQLSTATE 22021 is a NUL byte in a text. */
const refused = () =>
  Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });

async function* batchesOf(plan: Plan): AsyncGenerator<Row[]> {
  for (let b = 0; b < plan.batches; b += 1) {
    if (b === plan.failAt) throw refused();
    // A real query yields to the event loop between batches.
    await new Promise((resolve) => setImmediate(resolve));
    yield Array.from({ length: plan.rowsPerBatch }, (_, i) => ({
      id: b * plan.rowsPerBatch + i + 1,
      name: i % 2 ? `=HYPERLINK("x")` : `Name ${i}`,
    }));
  }
}

let app: FastifyInstance;
let origin: string;
beforeAll(async () => {
  app = Fastify();
  registerErrorHandling(app, { spaIndex: () => false });
  app.get<{ Params: { format: ExportFormat }; Querystring: Record<string, string> }>(
    '/export/:format',
    async (request, reply) =>
      sendExport(reply, {
        format: request.params.format,
        filename: 'rows',
        columns: [
          { header: 'ID', value: (r: Row) => r.id },
          { header: 'Name', value: (r: Row) => r.name },
        ],
        batches: batchesOf({
          failAt: Number(request.query.failAt ?? -1),
          rowsPerBatch: Number(request.query.rows ?? 3),
          batches: Number(request.query.batches ?? 2),
        }),
      }),
  );
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => app.close());

describe('sendExport', () => {
  it('streams every batch, with formulas neutralised', async () => {
    const res = await fetch(`${origin}/export/csv?rows=2&batches=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="rows.csv"');
    // Read as bytes: text() would drop the byte-order mark Excel needs.
    expect(Buffer.from(await res.arrayBuffer()).toString('utf8')).toBe(
      '\uFEFF"ID","Name"\r\n"1","Name 0"\r\n"2","\'=HYPERLINK(""x"")"\r\n"3","Name 0"\r\n"4","\'=HYPERLINK(""x"")"\r\n',
    );
  });

  it('answers a failure of the first batch as an ordinary error, before any header', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await fetch(`${origin}/export/${format}?failAt=0`);
      expect(res.status, format).toBe(400);
      expect(res.headers.get('content-disposition'), format).toBeNull();
      expect(res.headers.get('content-type'), format).toMatch(/^application\/json/);
      expect(await res.json(), format).toEqual({
        detail: 'The text contains a character that is not allowed.',
        code: 'VALIDATION',
      });
    }
  });

  it('ends a CSV that fails after its headers without the final chunk: the read rejects', async () => {
    const res = await fetch(`${origin}/export/csv?failAt=1&rows=1000&batches=3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    await expect(res.text()).rejects.toThrow();
  });

  it('ends an XLSX that fails after its headers the same way', async () => {
    const res = await fetch(`${origin}/export/xlsx?failAt=1&rows=20000&batches=3`);
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
  });

  it('writes a whole XLSX when nothing fails', async () => {
    const res = await fetch(`${origin}/export/xlsx?rows=500&batches=3`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });
});
