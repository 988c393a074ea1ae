import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Entry, ZipFile } from 'yauzl';
import {
  WBT_MAX_ENTRIES,
  WBT_SENTENCES,
  type WbtStandard,
  type WbtWarning,
} from '@lantern/contracts/wbt';
import { createFileStore } from '../../../plugins/storage';
import { ManifestRefusal, parseManifest, splitHref, type StoredSco } from './manifest';
import {
  Refusal,
  checkName,
  htmlTitle,
  invalid,
  isFinderExtra,
  mimeOf,
  type RefusalCode,
} from './package-names';
import {
  StoreReader,
  externalScanner,
  isSymlink,
  nameBuffer,
  openStream,
  openZip,
  readEntries,
} from './package-zip';

/**
 * Validates a training package and stores its files (decision 0020 §2.2), in the `wbt-unpack`
 * worker thread. Every check of the table runs in its order; on any refusal the files stored
 * so far are removed here, so the caller only has to drop the upload. Nothing is trusted from
 * the zip: names are decoded and checked by us (yauzl's own decoding is off), sizes are counted
 * while inflating, and the manifest is parsed with entities off.
 */

export type ValidateTask = {
  filesDir: string;
  zipKey: string;
  zipSize: number;
  maxBytes: number;
  maxUnpackedBytes: number;
};

export type StoredPackageFile = { path: string; storageKey: string; size: number; mime: string };

export type ValidateResult =
  | {
      ok: true;
      standard: WbtStandard;
      title: string;
      scos: StoredSco[];
      warnings: WbtWarning[];
      entries: number;
      unpackedBytes: number;
      files: StoredPackageFile[];
    }
  | { ok: false; status: 400 | 413 | 415; code: RefusalCode; detail: string };

const RATIO_FROM_BYTES = 1024 * 1024;
const MAX_RATIO = 200;
const MAX_MANIFEST_BYTES = 2 * 1024 * 1024;
const HTML_TITLE_MAX_BYTES = 1024 * 1024;

export { DOWNLOAD_MIME } from './package-names';

export async function validatePackage(task: ValidateTask): Promise<ValidateResult> {
  const store = createFileStore({ dir: task.filesDir, secret: 'unused-in-worker' });
  const stored: StoredPackageFile[] = [];
  let zip: ZipFile | null = null;
  try {
    // Sniffed as ZIP: a local file header, or the end record of an empty archive.
    const head = await buffer(await store.get(task.zipKey, { start: 0, end: 3 }));
    const magic = head.toString('latin1');
    if (magic !== 'PK\u0003\u0004' && magic !== 'PK\u0005\u0006')
      throw new Refusal(415, 'UNSUPPORTED_MEDIA_TYPE', WBT_SENTENCES.notZip);
    if (task.zipSize > task.maxBytes)
      throw new Refusal(413, 'PAYLOAD_TOO_LARGE', WBT_SENTENCES.tooLarge);
    try {
      zip = await openZip(new StoreReader(store, task.zipKey), task.zipSize);
    } catch {
      throw new Refusal(415, 'UNSUPPORTED_MEDIA_TYPE', WBT_SENTENCES.notZip);
    }
    if (zip.entryCount > WBT_MAX_ENTRIES) throw invalid(WBT_SENTENCES.tooManyFiles);
    let entries: Entry[];
    try {
      entries = await readEntries(zip);
    } catch {
      throw new Refusal(415, 'UNSUPPORTED_MEDIA_TYPE', WBT_SENTENCES.notZip);
    }
    if (entries.length > WBT_MAX_ENTRIES) throw invalid(WBT_SENTENCES.tooManyFiles);
    if (entries.some((e) => e.isEncrypted())) throw invalid(WBT_SENTENCES.encrypted);

    // Names.
    const files: { entry: Entry; path: string }[] = [];
    const seen = new Set<string>();
    for (const entry of entries) {
      const path = checkName(nameBuffer(entry));
      if (isSymlink(entry))
        throw invalid(
          `The package contains a link (“${path}”), which is not allowed: it was not stored.`,
        );
      if (isFinderExtra(path)) continue;
      const key = path.toLowerCase();
      if (seen.has(key))
        throw invalid(`The package contains two files named “${path}”: it was not stored.`);
      seen.add(key);
      if (path !== '' && !path.endsWith('/')) files.push({ entry, path });
    }

    // Sizes as declared; the bytes are counted again while inflating.
    let declared = 0;
    for (const { entry } of files) {
      declared += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (
        declared > task.maxUnpackedBytes ||
        (entry.uncompressedSize > RATIO_FROM_BYTES && ratio > MAX_RATIO)
      )
        throw invalid(WBT_SENTENCES.bomb);
    }

    // One common top folder is stripped, as many tools zip the folder itself.
    const tops = new Set(files.map((f) => (f.path.includes('/') ? f.path.split('/')[0] : '')));
    const [onlyTop] = [...tops];
    if (tops.size === 1 && onlyTop) {
      const prefix = `${onlyTop}/`;
      for (const f of files) f.path = f.path.slice(prefix.length);
    }
    const byPath = new Map(files.map((f) => [f.path, f]));

    const inflate = async (entry: Entry, limit: number): Promise<Readable> => {
      if (entry.uncompressedSize > limit) throw invalid(WBT_SENTENCES.bomb);
      return openStream(zip as ZipFile, entry);
    };

    const readText = async (entry: Entry, limit: number): Promise<string> => {
      try {
        return (await buffer(await inflate(entry, limit))).toString('utf8');
      } catch (error) {
        if (error instanceof Refusal) throw error;
        throw invalid(WBT_SENTENCES.bomb);
      }
    };

    let standard: WbtStandard;
    let title: string;
    let scos: StoredSco[];
    let sequencing = false;
    const manifestFile = byPath.get('imsmanifest.xml');
    if (manifestFile) {
      if (manifestFile.entry.uncompressedSize > MAX_MANIFEST_BYTES)
        throw invalid('The manifest could not be read: it is larger than 2 MB.');
      const xml = await readText(manifestFile.entry, MAX_MANIFEST_BYTES);
      try {
        const manifest = parseManifest(xml.replace(/^\uFEFF/, ''));
        standard = manifest.standard;
        title = manifest.title;
        scos = manifest.scos;
        sequencing = manifest.sequencing;
      } catch (error) {
        if (error instanceof ManifestRefusal) throw invalid(error.message);
        throw error;
      }
      for (const sco of scos) {
        // Paths compare composed (NFC), as they are stored.
        const href = sco.href.normalize('NFC');
        const decoded = safeDecode(sco.href).normalize('NFC');
        const found = byPath.has(href) ? href : byPath.has(decoded) ? decoded : null;
        if (found === null)
          throw invalid(
            `The manifest names “${sco.href}”, which is not in the package (the launch file of “${sco.title}”, item “${sco.identifier}”).`,
          );
        sco.href = found;
      }
    } else if (byPath.has('index.html')) {
      const index = byPath.get('index.html');
      standard = 'html';
      // The page's own title (read from a page of at most 1 MB; a larger one keeps the default).
      const page =
        index && index.entry.uncompressedSize <= HTML_TITLE_MAX_BYTES
          ? await readText(index.entry, HTML_TITLE_MAX_BYTES)
          : '';
      title = htmlTitle(page) || 'Training';
      scos = [{ index: 0, identifier: 'index', title, href: 'index.html', parameters: '' }];
    } else throw invalid(`${WBT_SENTENCES.noManifest} ${whatIsThere(files.map((f) => f.path))}`);

    // Unpack and store every file, counting the bytes.
    const seen2 = { external: false };
    let flash = false;
    let unpacked = 0;
    for (const { entry, path } of files) {
      if (/\.swf$/i.test(path)) flash = true;
      const mime = mimeOf(path);
      let source: Readable;
      try {
        source = await inflate(entry, task.maxUnpackedBytes);
      } catch (error) {
        if (error instanceof Refusal) throw error;
        throw invalid(WBT_SENTENCES.bomb);
      }
      const body = mime.startsWith('text/html')
        ? source.pipe(
            externalScanner(() => {
              seen2.external = true;
            }),
          )
        : source;
      source.on('error', (error) => body.destroy(error));
      try {
        const put = await store.put(body, { maxBytes: entry.uncompressedSize });
        stored.push({ path, storageKey: put.storageKey, size: put.size, mime });
        unpacked += put.size;
      } catch {
        // More or fewer bytes than declared, or a broken stream: the sizes cannot be trusted.
        throw invalid(WBT_SENTENCES.bomb);
      }
      if (unpacked > task.maxUnpackedBytes) throw invalid(WBT_SENTENCES.bomb);
    }

    const warnings: WbtWarning[] = [];
    if (seen2.external)
      warnings.push({
        code: 'external_reference',
        detail:
          'Some pages load files from other sites; trainings may use only their own files, so those parts will not show.',
      });
    if (sequencing)
      warnings.push({
        code: 'sequencing',
        detail:
          'The package has SCORM 2004 sequencing rules; its parts are played as a simple list in their order.',
      });
    if (flash)
      warnings.push({
        code: 'flash',
        detail: 'The package contains Flash files, which browsers no longer play.',
      });
    return {
      ok: true,
      standard,
      title,
      scos,
      warnings,
      entries: entries.length,
      unpackedBytes: unpacked,
      files: stored,
    };
  } catch (error) {
    for (const file of stored) await store.remove(file.storageKey).catch(() => undefined);
    if (error instanceof Refusal)
      return { ok: false, status: error.status, code: error.code, detail: error.detail };
    throw error;
  } finally {
    zip?.close();
  }
}

/** Says what a package without a manifest or index.html at its top level holds instead. */
function whatIsThere(paths: readonly string[]): string {
  const deeper = paths
    .filter((p) => /(^|\/)(imsmanifest\.xml|index\.html)$/.test(p))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))[0];
  if (deeper)
    return `It has “${deeper}”: zip what is inside the folder “${deeper.slice(0, deeper.lastIndexOf('/'))}” instead.`;
  const top = [...new Set(paths.map((p) => (p.includes('/') ? `${p.split('/')[0] ?? ''}/` : p)))];
  if (top.length === 0) return 'It holds no file.';
  const named = top
    .slice(0, 5)
    .map((p) => `“${p}”`)
    .join(', ');
  return `Its top level holds ${named}${top.length > 5 ? ` and ${top.length - 5} more` : ''}.`;
}

function safeDecode(href: string): string {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
}

export { splitHref };
