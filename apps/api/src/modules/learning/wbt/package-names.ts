/** Refusals of a training package, and the checks of its file names, types and title. */

export type RefusalCode = 'WBT_PACKAGE_INVALID' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE';

export class Refusal extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    readonly code: RefusalCode,
    readonly detail: string,
  ) {
    super(detail);
  }
}
export const invalid = (detail: string) => new Refusal(400, 'WBT_PACKAGE_INVALID', detail);

const MAX_NAME_BYTES = 512;
const MAX_DEPTH = 32;

/** Served MIME types by extension (§2.2's allow-list); anything else is a download. */
export const CONTENT_MIMES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  vtt: 'text/vtt; charset=utf-8',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};
export const DOWNLOAD_MIME = 'application/octet-stream';

export function mimeOf(path: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  return CONTENT_MIMES[ext] ?? DOWNLOAD_MIME;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes and checks one entry name; its normalised path (a folder ends with `/`). */
export function checkName(raw: Buffer): string {
  if (raw.length > MAX_NAME_BYTES)
    throw invalid('The package contains a file name longer than 512 bytes: it was not stored.');
  let name: string;
  try {
    name = utf8.decode(raw);
  } catch {
    throw invalid('The package contains a file name that is not UTF-8: it was not stored.');
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw invalid('The package contains a file name with a control character: it was not stored.');
  const outside = () =>
    invalid(`The package contains a path outside the package (“${name}”): it was not stored.`);
  if (name.includes('\\') || /^[A-Za-z]:/.test(name) || name.startsWith('/')) throw outside();
  const folder = name.endsWith('/');
  const out: string[] = [];
  for (const seg of name.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) throw outside();
      out.pop();
    } else out.push(seg);
  }
  if (out.length > MAX_DEPTH)
    throw invalid('The package contains a path deeper than 32 folders: it was not stored.');
  // One spelling of each path (macOS writes names decomposed, pages and manifests composed).
  const path = out.join('/').normalize('NFC');
  return folder && path !== '' ? `${path}/` : path;
}

/**
 * What macOS Finder adds to a zip beside the files: the `__MACOSX/` folder of resource forks,
 * `._name` resource forks and `.DS_Store` folder settings. They are left out, never stored.
 */
export function isFinderExtra(path: string): boolean {
  const parts = path.split('/').filter((p) => p !== '');
  const last = parts.at(-1) ?? '';
  return parts[0] === '__MACOSX' || last.startsWith('._') || last === '.DS_Store';
}

/** The `<title>` of an HTML page (its first 64 KB), as text; '' when it has none. */
export function htmlTitle(html: string): string {
  const found = /<title[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html.slice(0, 65_536));
  if (!found?.[1]) return '';
  return decodeEntities(found[1].replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}
