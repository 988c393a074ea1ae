import type { SubmissionTextSource } from '@lantern/contracts/similarity-enums';

/**
 * Text from a handed-in file (decision 0020 §5.2), run in the similarity worker thread: UTF-8
 * text as it is, DOCX by mammoth, PDF by pdfjs-dist's legacy build (the one for Node), with
 * limits so a hostile file cannot hold the thread: pages, characters, and the pool's timeout.
 */

export const MAX_PDF_PAGES = 500;
export const MAX_TEXT_CHARS = 2_000_000;

export const SCANNED_PDF = 'No text could be read from this PDF: it may be scanned.';
export const EMPTY_DOCX = 'No text could be read from this Word document.';
export const EMPTY_TEXT = 'The file holds no text.';
export const UNREADABLE = (what: string) => `This ${what} could not be read: it may be damaged.`;

export type Extracted =
  | { ok: true; source: SubmissionTextSource; text: string }
  | { ok: false; source: SubmissionTextSource; reason: string };

const MIME_SOURCE: Record<string, SubmissionTextSource> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
};

/** The source a file's sniffed type gives, or null for files without text (images, audio). */
export function sourceOfMime(mime: string): SubmissionTextSource | null {
  return MIME_SOURCE[mime] ?? null;
}

const clip = (text: string) => text.slice(0, MAX_TEXT_CHARS);

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    // Missing standard fonts only change glyph shapes, never the text: no warnings about them.
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PDF_PAGES); n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) line += '\n';
        else if (item.str !== '' && !item.str.endsWith(' ')) line += ' ';
      }
      page.cleanup();
      pages.push(line.trim());
      length += line.length;
      if (length >= MAX_TEXT_CHARS) break;
    }
    return clip(pages.join('\n\n'));
  } finally {
    await doc.destroy();
  }
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const mammoth = await import('mammoth');
  const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return clip(result.value.trim());
}

function utf8Text(bytes: Uint8Array): string {
  // Sniffing took the file as text; a stray invalid byte becomes U+FFFD rather than failing.
  return clip(new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, ''));
}

export async function extractText(
  source: SubmissionTextSource,
  bytes: Uint8Array,
): Promise<Extracted> {
  try {
    if (source === 'pdf') {
      const text = await pdfText(bytes);
      return /\p{L}|\p{N}/u.test(text)
        ? { ok: true, source, text }
        : { ok: false, source, reason: SCANNED_PDF };
    }
    if (source === 'docx') {
      const text = await docxText(bytes);
      return text ? { ok: true, source, text } : { ok: false, source, reason: EMPTY_DOCX };
    }
    const text = utf8Text(bytes);
    return text.trim() ? { ok: true, source, text } : { ok: false, source, reason: EMPTY_TEXT };
  } catch {
    return {
      ok: false,
      source,
      reason: UNREADABLE(source === 'pdf' ? 'PDF' : source === 'docx' ? 'Word document' : 'file'),
    };
  }
}
