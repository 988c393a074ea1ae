import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../test/teaching-fixture';
import { insertFile } from '../lib/files';

/**
 * What a browser may keep of an answer: nothing of a signed-in request (no-store), except the
 * learning pages' revalidation by a tag that carries the reader, and signed file links' short
 * private caching.
 */

let t: TestApp;
let f: TeachingFixture;
let student: Record<string, string>;
let student2: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  f = await makeTeachingFixture(t, '958');
  student = await t.as('student');
  student2 = await t.as('student_2');
}, 180_000);
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('Cache-Control', () => {
  it('is no-store on every answer to a request with a bearer token, errors too', async () => {
    for (const url of [
      '/api/en/profile',
      '/api/general/current-user/lms',
      `/api/en/lms/task/${String(f.textTask)}/my-work`,
      '/api/en/lms/unit/2147483646',
    ]) {
      const res = await get(url, student);
      expect({ url, cache: res.headers['cache-control'] }).toEqual({ url, cache: 'no-store' });
    }
  });

  it('keeps the unit page’s revalidation, by a tag no other reader matches', async () => {
    const url = `/api/en/lms/unit/${String(f.unitId)}`;
    const mine = await get(url, student);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    const etag = String(mine.headers.etag);
    expect((await get(url, { ...student, 'if-none-match': etag })).statusCode).toBe(304);
    // Another learner of the same course and unit, sending the first one's tag: a full answer.
    const theirs = await get(url, { ...student2, 'if-none-match': etag });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.headers.etag).not.toBe(etag);
    expect(theirs.headers['cache-control']).toBe('private, no-cache');
  });

  it('keeps signed file links’ short private caching', async () => {
    const data = randomBytes(100);
    const { storageKey, sha256 } = await t.deps.files.put(data);
    const id = await insertFile(t.deps.db, {
      ownerId: null,
      kind: 'course-document',
      mime: 'application/pdf',
      size: data.length,
      sha256,
      storageKey,
    });
    const url = t.deps.files.signedUrl(id);
    for (const headers of [{}, student]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, max-age=600');
    }
  });
});
