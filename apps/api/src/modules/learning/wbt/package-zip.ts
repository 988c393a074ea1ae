import { PassThrough, Readable, Transform } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { FileStore } from '../../../plugins/storage';

/** Reading a stored training package's zip: its entries, their streams, and pages' links. */

const SCAN_HTML_BYTES = 4 * 1024 * 1024;

export const isSymlink = (entry: Entry) =>
  ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;

/** yauzl reading the stored zip through the file store, range by range. */
export class StoreReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly store: FileStore,
    private readonly key: string,
  ) {
    super();
  }
  override _readStreamForRange(start: number, end: number): Readable {
    if (end <= start) return Readable.from([]);
    const pass = new PassThrough();
    this.store.get(this.key, { start, end: end - 1 }).then(
      (source) => source.pipe(pass),
      (error: unknown) => pass.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return pass;
  }
}

export const openZip = (reader: StoreReader, size: number) =>
  new Promise<ZipFile>((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      reader,
      size,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    );
  });

export const readEntries = (zip: ZipFile) =>
  new Promise<Entry[]>((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });

export const openStream = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });

export const nameBuffer = (entry: Entry): Buffer => {
  const name: unknown = entry.fileName;
  return Buffer.isBuffer(name) ? name : Buffer.from(String(name));
};

/** Sees whether an HTML file links to other sites (the content CSP blocks them). */
export function externalScanner(found: () => void): Transform {
  let tail = '';
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (seen < SCAN_HTML_BYTES) {
        const text = tail + chunk.toString('latin1');
        if (/\b(?:src|href)\s*=\s*["']?\s*https?:\/\//i.test(text)) found();
        tail = text.slice(-64);
        seen += chunk.length;
      }
      done(null, chunk);
    },
  });
}
