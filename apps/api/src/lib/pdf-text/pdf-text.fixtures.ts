/* Helpers of the PDF text tests: what a PDF draws (glyph by glyph) and what it says (pdf.js). */
import * as fontkit from 'fontkit';
import type { FontkitFont } from 'fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

/** A stream's decoded bytes (the streams pdfkit writes are deflated). */
function bytesOf(stream: unknown): Uint8Array {
  if (!(stream instanceof PDFRawStream)) throw new Error('Not a stream.');
  return decodePDFRawStream(stream).decode();
}
const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

/** A composite (Type0) font as embedded: its font program and its ToUnicode map. */
export type EmbeddedFont = {
  baseFont: string;
  program: FontkitFont;
  toUnicode: Map<number, string>;
};

/** The ToUnicode CMap's entries (bfchar and bfrange, as pdfkit writes them). */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => {
    const clean = hex.replace(/\s+/g, '');
    const units: number[] = [];
    for (let i = 0; i < clean.length; i += 4) units.push(parseInt(clean.slice(i, i + 4), 16));
    return String.fromCharCode(...units);
  };
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const line of (block[1] ?? '').matchAll(
      /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi,
    )) {
      const start = parseInt(line[1] ?? '0', 16);
      [...(line[3] ?? '').matchAll(/<([0-9a-f\s]*)>/gi)].forEach((entry, i) =>
        map.set(start + i, utf16(entry[1] ?? '')),
      );
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const line of (block[1] ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]*)>/gi))
      map.set(parseInt(line[1] ?? '0', 16), utf16(line[2] ?? ''));
  }
  return map;
}

/** One text-showing run: the font resource it is in and the glyph codes it draws, in order. */
export type DrawnRun = { font: string; codes: number[] };

/** The fonts of the first page (by resource name) and every run of glyphs it draws. */
export async function inspectPdf(
  pdf: Uint8Array,
): Promise<{ fonts: Map<string, EmbeddedFont>; runs: DrawnRun[]; standardFonts: string[] }> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPages()[0];
  if (!page) throw new Error('The PDF has no page.');
  const fonts = new Map<string, EmbeddedFont>();
  const standardFonts: string[] = [];
  const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  for (const [name, ref] of fontDict?.entries() ?? []) {
    const font = doc.context.lookup(ref, PDFDict);
    const baseFont = font.get(PDFName.of('BaseFont'))?.toString().slice(1) ?? '';
    if (font.get(PDFName.of('Subtype'))?.toString() !== '/Type0') {
      standardFonts.push(baseFont);
      continue;
    }
    const descendant = doc.context.lookup(
      font.lookup(PDFName.of('DescendantFonts'), PDFArray).get(0),
      PDFDict,
    );
    const descriptor = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict);
    const program = bytesOf(descriptor.lookup(PDFName.of('FontFile2')));
    fonts.set(name.toString().slice(1), {
      baseFont,
      program: fontkit.create(program),
      toUnicode: parseToUnicode(text(bytesOf(font.lookup(PDFName.of('ToUnicode'))))),
    });
  }
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => doc.context.lookup(ref))
      : contents instanceof PDFRawStream
        ? [contents]
        : [];
  const runs: DrawnRun[] = [];
  for (const stream of streams) {
    let font = '';
    const ops = text(bytesOf(stream)).matchAll(/\/(\S+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ/g);
    for (const op of ops) {
      if (op[1]) {
        font = op[1];
        continue;
      }
      const hex = [...(op[2] ?? '').matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1] ?? '').join('');
      if (!fonts.has(font)) continue;
      const codes: number[] = [];
      for (let i = 0; i < hex.length; i += 4) codes.push(parseInt(hex.slice(i, i + 4), 16));
      runs.push({ font, codes });
    }
  }
  return { fonts, runs, standardFonts };
}

/** A glyph's outline, to compare a glyph of an embedded subset with one of the full face. */
export const outline = (font: FontkitFont, id: number): string => font.getGlyph(id).path.toSVG();

/** The text of the first page as pdf.js reads it (what copy and search see), line by line. */
export async function extractedLines(pdf: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const content = await page.getTextContent();
    const lines: string[] = [];
    let line = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        lines.push(line.trim());
        line = '';
      }
    }
    lines.push(line.trim());
    return lines.filter(Boolean);
  } finally {
    await doc.destroy();
  }
}
