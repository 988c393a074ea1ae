import { PDFDocument } from 'pdf-lib';
import yazl from 'yazl';

export type NamedPdf = { name: string; data: Buffer };

/** A file name part from any text: ASCII letters and digits, dashes between words. */
export function fileSafe(text: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return ascii.slice(0, 60) || 'student';
}

/** `<code>-<lastname>.pdf`, the name of one certificate's file. */
export const certificateFileName = (code: string, lastName: string): string =>
  `${code}-${fileSafe(lastName)}.pdf`;

/** The PDFs as a ZIP stream, one entry per certificate (already compressed: stored as is). */
export function zipStream(pdfs: NamedPdf[]): NodeJS.ReadableStream {
  const zip = new yazl.ZipFile();
  const seen = new Set<string>();
  for (const pdf of pdfs) {
    // Two students with the same code cannot exist; the guard keeps entries unique regardless.
    const name = seen.has(pdf.name) ? pdf.name.replace(/\.pdf$/, `-${seen.size}.pdf`) : pdf.name;
    seen.add(name);
    zip.addBuffer(pdf.data, name, { compress: false });
  }
  zip.end();
  return zip.outputStream;
}

export async function zipBuffer(pdfs: NamedPdf[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(pdfs)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One PDF holding every certificate's page, in order. */
export async function mergePdfs(pdfs: Buffer[]): Promise<Buffer> {
  const merged = await PDFDocument.create();
  merged.setTitle('Certificates');
  merged.setCreator('Lantern');
  merged.setProducer('Lantern');
  for (const data of pdfs) {
    const source = await PDFDocument.load(data);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return Buffer.from(await merged.save());
}
