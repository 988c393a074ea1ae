import type { ByteRange } from '../../plugins/storage';

/**
 * The one byte range a `Range` header asks for (RFC 9110 §14.1.2): null for the whole file
 * (no header, another unit, several ranges — a server may answer those whole), or
 * 'unsatisfiable' when it lies outside the file (a 416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // The last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || Number(last === '' ? start : last) < start) return 'unsatisfiable';
  return { start, end };
}

/** Types that may show in the page: PDFs in the browser's viewer, pictures, sound and video. */
export function mayShowInline(mime: string): boolean {
  if (mime === 'application/pdf') return true;
  // SVG can carry script; the sniffer never answers it for uploads, but a type is checked here
  // rather than trusted.
  if (mime === 'image/svg+xml') return false;
  return /^(image|audio|video)\//.test(mime);
}

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): the plain name for old clients. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const cleaned = name.replace(/[\r\n"\\/]/g, '_').slice(0, 255) || 'file';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
