import { renderToBuffer } from '@react-pdf/renderer';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { certificateVerificationPath } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import { prepareText, unprintableCharacters } from '../../lib/pdf-text';
import { readWhole, type FileStore } from '../../plugins/storage';
import {
  certificateDocument,
  slotText,
  type CertificateContent,
  type PdfImage,
  type ShapedSlot,
} from './certificate-document';
import { getStoredFile, type CertificateRecord } from './certificates.repository';

/** A failure a person can act on (a CLC's image that cannot be read); its text is shown as is. */
export class CertificateRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CertificateRenderError';
  }
}

/** What a failed certificate says in the failures list; anything unexpected stays generic. */
export const failureText = (error: unknown): string =>
  error instanceof CertificateRenderError ? error.message : 'The PDF could not be made.';

/** What the built-in PDF fonts (WinAnsi encoding) can print: Latin-1 and a few more. */
const PRINTABLE = /^[\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/u;
export const printable = (text: string): boolean => PRINTABLE.test(text);

/** Each place a snapshot's text is printed, with the field it shows and its name in errors. */
const SLOTS: [ShapedSlot, keyof CertificateSnapshot, string][] = [
  ['studentName', 'studentName', 'student name'],
  ['programmeTitle', 'programmeTitle', 'programme title'],
  ['certificateText', 'certificateText', 'certificate text'],
  ['certifyingUniversity', 'certifyingUniversity', 'certifying university'],
  ['clcPartner', 'clcName', 'CLC name'],
  ['clcSign', 'clcName', 'CLC name'],
  ['signeeName', 'signeeName', 'signee name'],
  ['signeeTitle', 'signeeTitle', 'signee title'],
];

/**
 * The texts the built-in fonts cannot print, shaped for the embedded faces (lib/pdf-text:
 * Latin with diacritics, Arabic, Ethiopic). Text that keeps to the built-in fonts' letters is
 * left to them, so such a certificate embeds no font. A letter no face has would come out as
 * a wrong glyph on a document people keep, so such a certificate fails with the text named.
 */
async function shapeSlots(snapshot: CertificateSnapshot): Promise<CertificateContent['shaped']> {
  const shaped: CertificateContent['shaped'] = {};
  for (const [slot, field, label] of SLOTS) {
    const text = snapshot[field];
    if (!text || printable(text)) continue;
    if ((await unprintableCharacters(text)).length > 0)
      throw new CertificateRenderError(
        `The ${label} “${text}” has letters the certificate’s fonts cannot print.`,
      );
    shaped[slot] = await prepareText(text, slotText(slot, text));
  }
  return shaped;
}

// Made once: building a date format costs more than drawing a certificate's line of text.
const ISSUED_ON = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Issued on 30 November 2025' for a YYYY-MM-DD date, read in UTC (spec §9). */
export function issuedOnText(issuedOn: string): string {
  return `Issued on ${ISSUED_ON.format(new Date(`${issuedOn}T00:00:00Z`))}`;
}

export const verificationUrl = (publicUrl: string, code: string): string =>
  `${publicUrl}${certificateVerificationPath(code)}`;

/** Largest pixel size of each image: about 200 dpi at the size the page prints it. */
const IMAGE_BOX = {
  logo: { width: 500, height: 160 },
  signature: { width: 560, height: 130 },
} as const;
export type ImageKind = keyof typeof IMAGE_BOX;

/**
 * A logo or signature scaled down for the page: a JPEG stays a JPEG (embedded as is), a PNG
 * becomes a palette PNG (keeps its transparency in a few KB). Throws when it does not decode.
 */
export async function scaleImage(data: Buffer, mime: string, kind: ImageKind): Promise<PdfImage> {
  const pipeline = sharp(data, { failOn: 'error' }).resize({
    ...IMAGE_BOX[kind],
    fit: 'inside',
    withoutEnlargement: true,
  });
  return mime === 'image/png'
    ? { data: await pipeline.png({ palette: true, compressionLevel: 9 }).toBuffer(), format: 'png' }
    : {
        data: await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 78 }).toBuffer(),
        format: 'jpg',
      };
}

/** A CLC's logo or signature from the file store, scaled for the page. */
async function loadImage(
  db: Db,
  store: FileStore,
  fileId: string,
  kind: ImageKind,
): Promise<PdfImage> {
  const what = kind === 'logo' ? 'The CLC’s logo' : 'The CLC’s signature';
  const file = await getStoredFile(db, fileId);
  if (!file) throw new CertificateRenderError(`${what} file is missing.`);
  try {
    return await scaleImage(await readWhole(store, file.storageKey), file.mime, kind);
  } catch {
    throw new CertificateRenderError(`${what} could not be read.`);
  }
}

/** What one certificate says (its snapshot), as stored. */
export type CertificateSnapshot = Pick<
  CertificateRecord,
  | 'code'
  | 'studentName'
  | 'programmeTitle'
  | 'certificateText'
  | 'certifyingUniversity'
  | 'clcName'
  | 'signeeName'
  | 'signeeTitle'
  | 'issuedOn'
>;

/** A QR code as vector: its width in modules and one path of its dark modules. */
export type QrPath = { size: number; d: string };

/**
 * The QR code of a verification address, drawn as one path (each row's runs of dark modules
 * merged): no PNG is made, decoded and compressed again per certificate, and it prints sharp.
 */
export function qrPath(url: string): QrPath {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let d = '';
  for (let y = 0; y < n; y += 1) {
    let x = 0;
    while (x < n) {
      if (!modules.get(y, x)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < n && modules.get(y, x)) x += 1;
      d += `M${String(start)} ${String(y)}h${String(x - start)}v1h${String(start - x)}z`;
    }
  }
  return { size: n, d };
}

/** One certificate as a PDF, with its CLC's images already scaled. */
export async function renderCertificate(
  snapshot: CertificateSnapshot,
  images: { logo: PdfImage | null; signature: PdfImage | null },
  publicUrl: string,
): Promise<Buffer> {
  const shaped = await shapeSlots(snapshot);
  const verifyUrl = verificationUrl(publicUrl, snapshot.code);
  const content: CertificateContent = {
    studentName: snapshot.studentName,
    programmeTitle: snapshot.programmeTitle,
    certificateText: snapshot.certificateText,
    certifyingUniversity: snapshot.certifyingUniversity,
    clcName: snapshot.clcName,
    signeeName: snapshot.signeeName,
    signeeTitle: snapshot.signeeTitle,
    issuedOnText: issuedOnText(snapshot.issuedOn),
    code: snapshot.code,
    verifyUrl,
    qr: qrPath(verifyUrl),
    logo: images.logo,
    signature: images.signature,
    shaped,
  };
  return renderToBuffer(certificateDocument(content));
}

export type CertificateRenderer = (record: CertificateRecord) => Promise<Buffer>;

/**
 * Renders certificates to PDF. The CLC images are loaded and scaled once per renderer (a batch),
 * and a failed load is remembered, so each certificate of that CLC fails with the same reason.
 */
export function createRenderer(options: {
  db: Db;
  files: FileStore;
  publicUrl: string;
}): CertificateRenderer {
  const images = new Map<string, Promise<PdfImage>>();
  const image = (fileId: string | null, kind: ImageKind) => {
    if (!fileId) return Promise.resolve(null);
    let found = images.get(fileId);
    if (!found) {
      found = loadImage(options.db, options.files, fileId, kind);
      // The rejection is handled where it is awaited; this only keeps it from being reported twice.
      found.catch(() => undefined);
      images.set(fileId, found);
    }
    return found;
  };
  return async (record) => {
    const [logo, signature] = await Promise.all([
      image(record.logoFileId, 'logo'),
      image(record.signatureFileId, 'signature'),
    ]);
    return renderCertificate(record, { logo, signature }, options.publicUrl);
  };
}
