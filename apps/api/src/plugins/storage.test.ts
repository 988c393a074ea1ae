import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileStore, hashStored, readWhole } from './storage';

const dir = mkdtempSync(join(tmpdir(), 'lantern-store-'));
const store = createFileStore({ dir, secret: 'test-secret' });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Stored names besides the staging folder. */
const stored = () => readdirSync(dir).filter((name) => name !== '.tmp');

describe('the streaming file store', () => {
  it('stores a stream with its size and SHA-256, and reads it whole or by range', async () => {
    const data = randomBytes(200_000);
    const chunks = [data.subarray(0, 70_000), data.subarray(70_000)];
    const file = await store.put(Readable.from(chunks), { maxBytes: 1_000_000 });
    expect(file.size).toBe(data.length);
    expect(file.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect((await readWhole(store, file.storageKey)).equals(data)).toBe(true);
    const part = Buffer.concat(
      await (await store.get(file.storageKey, { start: 10, end: 19 })).toArray(),
    );
    expect(part.equals(data.subarray(10, 20))).toBe(true);
    await store.remove(file.storageKey);
    await expect(store.get(file.storageKey)).rejects.toThrow();
  });

  it('refuses more than maxBytes with a 413 and leaves nothing behind', async () => {
    const before = stored();
    const source = Readable.from([randomBytes(600), randomBytes(600)]);
    await expect(store.put(source, { maxBytes: 1000 })).rejects.toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(stored()).toEqual(before);
    expect(readdirSync(join(dir, '.tmp'))).toEqual([]);
  });

  it('grows a file by appends at its offset, and refuses a gap, an overflow and nothing else', async () => {
    const key = store.newKey();
    const data = randomBytes(3000);
    const seen = createHash('sha256');
    expect(
      await store.append(key, 0, Readable.from([data.subarray(0, 1000)]), 3000, (c) =>
        seen.update(c),
      ),
    ).toBe(1000);
    await expect(
      store.append(key, 1500, Readable.from([Buffer.alloc(1)]), 3000),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'UPLOAD_OFFSET',
    });
    // Past the declared length: refused, and the file is as it was.
    await expect(
      store.append(key, 1000, Readable.from([Buffer.alloc(2500)]), 3000),
    ).rejects.toMatchObject({
      statusCode: 413,
    });
    expect(await store.size(key)).toBe(1000);
    expect(
      await store.append(key, 1000, Readable.from([data.subarray(1000)]), 3000, (c) =>
        seen.update(c),
      ),
    ).toBe(3000);
    expect(seen.digest('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    expect((await hashStored(store, key, 1000)).digest('hex')).toBe(
      createHash('sha256').update(data.subarray(0, 1000)).digest('hex'),
    );
    await store.remove(key);
  });

  it('keeps what arrived when the source breaks off', async () => {
    const key = store.newKey();
    const source = new Readable({ read() {} });
    const written = store.append(key, 0, source, 10_000);
    source.push(Buffer.alloc(400, 1));
    // The link breaks once the bytes are on disk (a fixed delay raced a busy machine's writes).
    for (let waited = 0; ((await store.size(key)) ?? 0) < 400 && waited < 5000; waited += 10)
      await new Promise((r) => setTimeout(r, 10));
    source.destroy(new Error('aborted'));
    expect(await written).toBe(400);
    expect(await store.size(key)).toBe(400);
    await store.remove(key);
  });

  it('signs links with their inline flag and refuses a flag changed afterwards', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const link = new URL(store.signedUrl('f1', { inline: true, now }), 'http://x');
    const expires = Number(link.searchParams.get('expires'));
    const signature = link.searchParams.get('signature') ?? '';
    expect(link.searchParams.get('inline')).toBe('1');
    expect(store.verify('f1', { expires, signature, inline: true }, now)).toBe(true);
    expect(store.verify('f1', { expires, signature, inline: false }, now)).toBe(false);
    expect(store.verify('f2', { expires, signature, inline: true }, now)).toBe(false);
    expect(store.verify('f1', { expires, signature, inline: true }, now + 2 * 3600_000)).toBe(
      false,
    );
  });
});
