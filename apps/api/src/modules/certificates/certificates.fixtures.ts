/* Helpers of the certificate tests: read what a PDF says, what a ZIP holds, and set up rows. */
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { TestApp } from '../../../test/helpers';

/**
 * The text a PDF shows, run after run. Its content streams are deflated, and each run is a TJ
 * array of hex glyph strings (one byte per character in the built-in fonts): inflate, decode.
 * A line may be drawn in several runs (a leading digit is one), so runs are joined as they are.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // an image, not a content stream
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const body = op[1] ?? `<${op[2] ?? ''}>`;
      const hex = [...body.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '').join('');
      runs.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return runs.join('');
}

/** The entries of a ZIP, read from its central directory. */
export function readZip(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('Not a ZIP: no end of central directory.');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('Broken central directory.');
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, data: zip.subarray(dataStart, dataStart + size) });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

export async function programmeIdOf(t: TestApp, code: string): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    `select id from programmes where type = 'professional' and code = $1`,
    [code],
  );
  if (!row) throw new Error(`No programme ${code}.`);
  return row.id;
}

export type EnrolmentRow = {
  id: number;
  state: string;
  clc_code: string;
  first_name: string;
  last_name: string;
  certificate_id: string | null;
  code: string | null;
};

/** The programme's students with their state, CLC and certificate, by enrolment id. */
export async function enrolmentsOf(t: TestApp, programmeId: number): Promise<EnrolmentRow[]> {
  return t.database.query<EnrolmentRow>(
    `select e.id, e.state, c.code as clc_code, u.first_name, u.last_name,
            cert.id as certificate_id, cert.code
     from enrolments e join users u on u.jwl_id = e.user_id join clcs c on c.id = e.clc_id
     left join certificates cert on cert.enrolment_id = e.id
     where e.programme_id = $1 order by e.id`,
    [programmeId],
  );
}

/** A photo-like image (noise compresses badly), to show the page keeps images small. */
export function noisyJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    pixels[i] = seed % 256;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A signature-like PNG with transparency. */
export function signaturePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300"><path d="M20 200 C 200 20, 300 300, 500 120 S 800 250, 880 90" stroke="#123" stroke-width="8" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Stores an image in the file store and makes it a CLC's logo or signature. */
export async function setClcImage(
  t: TestApp,
  clcCode: string,
  kind: 'logo' | 'signature',
  data: Buffer,
  mime: 'image/jpeg' | 'image/png',
): Promise<string> {
  const { storageKey } = await t.deps.files.put(data);
  const [file] = await t.database.query<{ id: string }>(
    `insert into files (kind, mime, size, sha256, storage_key) values ($1, $2, $3, 'test', $4) returning id`,
    [`clc-${kind}`, mime, data.length, storageKey],
  );
  if (!file) throw new Error('No file row.');
  await t.database.query(
    `update clcs set ${kind === 'logo' ? 'logo_file_id' : 'signature_file_id'} = $1 where code = $2`,
    [file.id, clcCode],
  );
  return file.id;
}
