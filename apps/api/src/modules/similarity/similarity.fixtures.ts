import { PDFDocument, StandardFonts } from 'pdf-lib';
import yazl from 'yazl';

/** Test material for similarity: essays from a fixed word list, and small PDF and DOCX files. */

const WORDS = (
  'river mountain lantern harvest window garden market teacher student village morning evening ' +
  'journey bridge letter kitchen ocean forest desert winter summer autumn spring music story ' +
  'history science number question answer paper pencil school library doctor water bread ' +
  'family friend city country road train field flower animal bird horse sheep sky cloud rain ' +
  'storm light shadow stone sand island boat harbour festival song dance language book page ' +
  'chapter idea memory dream hope courage patience kindness honest careful quiet gentle bright ' +
  'ancient modern simple strange useful distant narrow broad heavy clever brave'
).split(' ');

/** A seeded essay of `n` words: the same seed gives the same text. */
export function essay(seed: number, n = 200): string {
  let a = seed * 7919 + 17;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const word = WORDS[Math.floor(next() * WORDS.length)] ?? 'word';
    out.push(i % 12 === 11 ? `${word}.` : word);
  }
  return out.join(' ');
}

export async function pdfWithText(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  lines.forEach((line, i) => page.drawText(line, { x: 40, y: 800 - i * 16, font, size: 10 }));
  return Buffer.from(await doc.save());
}

/** A PDF whose page holds only a drawn shape, as a scan's would hold only an image. */
export async function pdfWithoutText(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawRectangle({ x: 40, y: 40, width: 200, height: 100 });
  return Buffer.from(await doc.save());
}

/** The smallest Word document mammoth reads: content types, the package relation, the body. */
export async function docxWithText(paragraphs: string[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    '_rels/.rels',
  );
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${p}</w:t></w:r></w:p>`).join('');
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${w}"><w:body>${body}</w:body></w:document>`,
    ),
    'word/document.xml',
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
