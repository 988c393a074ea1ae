import { buffer } from 'node:stream/consumers';
import { fileTypeFromBuffer } from 'file-type';
import { FILE_TYPE_MIMES, type FileTypeKey } from '@lantern/contracts/learning-kinds';
import type { FileStore } from '../../plugins/storage';

/**
 * How much of a file the type is judged by. file-type needs 4,100 bytes for most types; office
 * files are zip archives whose telling entry usually follows within the first few kilobytes,
 * so a little more keeps a Word file from being taken for a plain archive.
 */
export const SNIFF_BYTES = 64 * 1024;

export type Sniffed = { key: FileTypeKey; mime: string };

/**
 * What a stored file is by its bytes, among the accepted types; null when it is none of them
 * (an HTML page, an SVG, a program, or a type the task does not take). Plain text is text only
 * when the whole file is valid UTF-8 without NUL bytes.
 */
export async function sniffStored(
  store: FileStore,
  storageKey: string,
  size: number,
  accept: readonly FileTypeKey[],
): Promise<Sniffed | null> {
  if (size === 0) return null;
  const head = await buffer(
    await store.get(storageKey, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 }),
  );
  const type = await fileTypeFromBuffer(head);
  if (type) {
    const key = acceptedKey(type.mime, accept);
    return key ? { key, mime: type.mime } : null;
  }
  // No signature: text, if the task takes text and every byte says so.
  if (!accept.includes('txt') || looksLikeMarkup(head)) return null;
  const text = await isUtf8Text((await store.get(storageKey)) as AsyncIterable<Buffer>);
  return text ? { key: 'txt', mime: 'text/plain' } : null;
}

/** HTML, SVG and XML are text too, but never accepted: they could run script where opened. */
function looksLikeMarkup(head: Buffer): boolean {
  const start = head
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^<(!doctype|html|svg|\?xml|script|head|body|iframe)\b/i.test(start);
}

/** The accepted type a sniffed MIME type belongs to. */
export function acceptedKey(mime: string, accept: readonly FileTypeKey[]): FileTypeKey | null {
  return accept.find((key) => FILE_TYPE_MIMES[key].includes(mime)) ?? null;
}

/** Whether a stream of bytes is UTF-8 text (no NUL, no broken sequence). */
export async function isUtf8Text(chunks: AsyncIterable<Buffer>): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of chunks) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}
