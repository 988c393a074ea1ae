import { buffer } from 'node:stream/consumers';
import yazl from 'yazl';

/** One file of a zip made in memory. */
export type ZipEntry = { name: string; data: Buffer | string; mode?: number; compress?: boolean };

/**
 * A zip made in memory, with a fixed time on every entry so the same files make the same bytes:
 * the demo's training package, and the tests' and the bench's packages (`test-zips`).
 */
export async function makeZip(entries: readonly ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries)
    zip.addBuffer(Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data), e.name, {
      ...(e.mode === undefined ? {} : { mode: e.mode }),
      compress: e.compress ?? true,
      mtime: new Date('2026-01-01T00:00:00Z'),
    });
  zip.end();
  return buffer(zip.outputStream);
}
