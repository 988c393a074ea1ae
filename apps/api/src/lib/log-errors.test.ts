import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@lantern/db/client';
import { registerErrorHandling } from '../plugins/errors';
import { loggerOptions, serializeError } from './log-errors';

// What a learner's training sent: it must reach no log line.
const SCORM_VALUE = 'cmi.suspend_data=A1B2-learner-answers-7f3e';

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
  await database.query(`create table tracked (element text not null, value text not null)`);
  app = Fastify({
    logger: {
      ...loggerOptions('info'),
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    },
  });
  // The app registers multipart, which the error handler asks about; these routes take none.
  app.decorateRequest('isMultipart', () => false);
  registerErrorHandling(app, { spaIndex: () => false });
  // A statement that fails on the server with the learner's value as its parameter.
  app.post('/missing-column', async () =>
    database.db.execute(sql`insert into tracked (element, valu) values ('x', ${SCORM_VALUE})`),
  );
  // One whose failure PostgreSQL explains with the row: "Failing row contains (…, <value>)".
  app.post('/null-element', async () =>
    database.db.execute(sql`insert into tracked (element, value) values (null, ${SCORM_VALUE})`),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('failed statements in the log', () => {
  it.each(['/missing-column', '/null-element'])(
    'keep the statement and its SQLSTATE, without parameter values (%s)',
    async (url) => {
      lines.length = 0;
      const res = await app.inject({ method: 'POST', url });
      expect(res.statusCode).toBe(500);
      const logged = lines.join('');
      expect(logged).toContain('request failed');
      expect(logged).toContain('insert into tracked');
      expect(logged).toMatch(/"code":"(42703|23502)"/);
      expect(logged).not.toContain(SCORM_VALUE);
      expect(logged).not.toContain('A1B2');
    },
  );

  it('leave out a refused value PostgreSQL quotes in its message', async () => {
    const error = await database.db
      .execute(sql`select ${SCORM_VALUE}::int`)
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(JSON.stringify(serializeError(error))).not.toContain('A1B2');
    expect(JSON.stringify(serializeError(error))).toContain(
      'invalid input syntax for type integer',
    );
  });

  it('log other errors whole', () => {
    const error = Object.assign(new Error('The disk is full'), { code: 'ENOSPC' });
    expect(serializeError(error)).toMatchObject({
      type: 'Error',
      message: 'The disk is full',
      code: 'ENOSPC',
    });
  });
});
