import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import type { Scenario } from '../lib/context';
import { log, median, result } from '../lib/report';
import { newCertificateCode } from '../../../apps/api/src/modules/certificates/certificates.code';
import {
  issuedOnText,
  qrPath,
  renderCertificate,
  scaleImage,
  verificationUrl,
  type CertificateSnapshot,
} from '../../../apps/api/src/modules/certificates/certificates.render';
import type { PdfImage } from '../../../apps/api/src/modules/certificates/certificate-document';

const COUNT = 1000;
const ROUNDS = 4;
const WARM_UP = 20;
const PUBLIC_URL = 'https://lantern.example.org';
const KB = 1024;
const MB = 1024 * 1024;

/** Names of the script rounds, as people write them. */
const SCRIPT_NAMES: Record<string, string[]> = {
  Arabic: ['محمد عبد الله الخطيب', 'أمل الزعبي', 'بلال الرفاعي', 'رشا آدن', 'لانا سلامة'],
  Ethiopic: ['አበበ ቢቂላ', 'ጥሩነሽ ዲባባ', 'ኃይሌ ገብረሥላሴ', 'መሰረት ደፋር', 'ቀነኒሳ በቀለ'],
};

const FIRST = ['Achol', 'Said', 'Amal', 'Dieudonné', 'Rasha', 'Bilal', 'Mercy', 'Omar', 'Zoë'];
const LAST = ['Garang', 'Aden', 'Al-Rifai', 'Kasongo', 'Al-Khatib', 'Al-Zoubi', 'Lokwang'];

/** 1,000 certificates of one programme, as the demo's finished one says them. */
function snapshots(): CertificateSnapshot[] {
  return Array.from({ length: COUNT }, (_, i) => ({
    code: newCertificateCode(),
    studentName: `${FIRST[i % FIRST.length] ?? ''} ${LAST[(i * 7) % LAST.length] ?? ''}`,
    programmeTitle: 'Professional Certificate in Community Health Work',
    certificateText:
      'has successfully completed the Professional Certificate in Community Health Work, a programme of study of 14 units.',
    certifyingUniversity: 'Regis University, Denver',
    clcName: i % 2 === 0 ? 'Kakuma CLC' : 'Amman CLC',
    signeeName: 'Grace Atieno',
    signeeTitle: 'Centre Director',
    issuedOn: '2026-02-28',
  }));
}

/** A photo-like logo (noise, which compresses badly) and a signature with transparency, as
 * uploaded (the upload keeps at most 1200 px), then scaled for the page as the API does. */
async function clcImages(): Promise<{ logo: PdfImage; signature: PdfImage }> {
  const width = 1200;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 11;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    pixels[i] = seed % 256;
  }
  const logo = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360"><path d="M30 250 C 260 30, 380 340, 640 140 S 1020 300, 1170 100" stroke="#123" stroke-width="10" fill="none"/></svg>`;
  const signature = await sharp(Buffer.from(svg)).png().toBuffer();
  return {
    logo: await scaleImage(logo, 'image/jpeg', 'logo'),
    signature: await scaleImage(signature, 'image/png', 'signature'),
  };
}

type Fonts = Record<'regular' | 'bold' | 'title' | 'name' | 'code', PDFFont>;

function centred(page: PDFPage, text: string, font: PDFFont, size: number, y: number) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (841.89 - width) / 2, y, size, font, color: rgb(0.12, 0.16, 0.2) });
}

/**
 * The same page drawn directly with pdf-lib at fixed places, with no layout engine: the same
 * text in the same built-in fonts, and (when given) the same three images, the QR code made the
 * same way. Without the images it is the floor: what a PDF with this text costs here at least.
 */
async function barePage(
  s: CertificateSnapshot,
  images: { logo: PdfImage; signature: PdfImage } | null,
) {
  const url = verificationUrl(PUBLIC_URL, s.code);
  const doc = await PDFDocument.create();
  const page = doc.addPage([841.89, 595.28]);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    title: await doc.embedFont(StandardFonts.TimesRomanBold),
    name: await doc.embedFont(StandardFonts.TimesRomanBoldItalic),
    code: await doc.embedFont(StandardFonts.CourierBold),
  };
  if (images) {
    const qr = qrPath(url);
    page.drawImage(await doc.embedJpg(images.logo.data), {
      x: 331,
      y: 470,
      width: 180,
      height: 58,
    });
    page.drawImage(await doc.embedPng(images.signature.data), {
      x: 100,
      y: 95,
      width: 200,
      height: 46,
    });
    // Drawn as the app draws it: one vector path, 70 pt wide, its top at y = 120.
    page.drawSvgPath(qr.d, { x: 560, y: 120, scale: 70 / qr.size });
  }
  centred(page, 'CERTIFICATE OF COMPLETION', fonts.regular, 11, 450);
  centred(page, s.programmeTitle, fonts.title, 26, 420);
  centred(page, 'This is to certify that', fonts.regular, 12, 350);
  centred(page, s.studentName, fonts.name, 34, 310);
  centred(page, s.certificateText.slice(0, 90), fonts.regular, 13, 270);
  centred(page, s.certificateText.slice(90), fonts.regular, 13, 252);
  centred(page, `Certified by ${s.certifyingUniversity}`, fonts.regular, 12, 225);
  centred(page, `in partnership with ${s.clcName}`, fonts.regular, 11, 208);
  page.drawText(s.signeeName ?? '', { x: 150, y: 80, size: 11, font: fonts.bold });
  page.drawText(s.signeeTitle ?? '', { x: 150, y: 68, size: 9.5, font: fonts.regular });
  page.drawText(s.clcName, { x: 150, y: 57, size: 9.5, font: fonts.regular });
  centred(page, issuedOnText(s.issuedOn), fonts.regular, 11.5, 60);
  page.drawText('Verification code', { x: 640, y: 80, size: 8, font: fonts.regular });
  page.drawText(s.code, { x: 640, y: 66, size: 12, font: fonts.code });
  page.drawText(url, { x: 640, y: 56, size: 5, font: fonts.regular });
  return Buffer.from(await doc.save());
}

type Run = { msEach: number[]; sizes: number[]; rssPeakGrowth: number };

/** Renders a slice one after the other, timing each, while sampling RSS every 20 ms. */
async function run(
  items: CertificateSnapshot[],
  render: (s: CertificateSnapshot) => Promise<Buffer>,
): Promise<Run> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const msEach: number[] = [];
  const sizes: number[] = [];
  try {
    for (const item of items) {
      const started = performance.now();
      const pdf = await render(item);
      msEach.push(performance.now() - started);
      sizes.push(pdf.length);
    }
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { msEach, sizes, rssPeakGrowth: peak - base };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/**
 * 1,000 certificates rendered in this process by the API's own renderer (the React component,
 * the QR code, the CLC's scaled logo and signature), one after the other as a job does, against
 * the same page drawn by bare pdf-lib; in turns of 250, so a machine that gets busy slows both.
 */
export const certificatesScenario: Scenario = {
  name: 'certificates',
  summary: `${String(COUNT)} certificate PDFs (A4 landscape, logo, signature, QR code) rendered in-process`,
  run: async () => {
    const items = snapshots();
    const images = await clcImages();
    const react = (s: CertificateSnapshot) => renderCertificate(s, images, PUBLIC_URL);
    const bare = (s: CertificateSnapshot) => barePage(s, images);
    const textOnly = (s: CertificateSnapshot) => barePage(s, null);
    // Warm both up (module loading, JIT) before anything is timed.
    await run(items.slice(0, WARM_UP), react);
    await run(items.slice(0, WARM_UP), bare);
    await run(items.slice(0, WARM_UP), textOnly);

    const value: Run = { msEach: [], sizes: [], rssPeakGrowth: 0 };
    const floor: Run = { msEach: [], sizes: [], rssPeakGrowth: 0 };
    const perRound = COUNT / ROUNDS;
    const roundMs: { value: number; floor: number }[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const slice = items.slice(r * perRound, (r + 1) * perRound);
      const v = await run(slice, react);
      const f = await run(slice, textOnly);
      for (const [into, from] of [
        [value, v],
        [floor, f],
      ] as const) {
        into.msEach.push(...from.msEach);
        into.sizes.push(...from.sizes);
        into.rssPeakGrowth = Math.max(into.rssPeakGrowth, from.rssPeakGrowth);
      }
      roundMs.push({ value: sum(v.msEach) / slice.length, floor: sum(f.msEach) / slice.length });
    }

    // A round of names in Arabic and one in Ethiopic: shaped by HarfBuzz and drawn in embedded
    // Noto subsets (lib/pdf-text); warmed up first (the faces and the wasm load once).
    const scripts: { script: string; run: Run }[] = [];
    for (const [script, names] of Object.entries(SCRIPT_NAMES)) {
      const named = items.slice(0, perRound).map((s, i) => ({
        ...s,
        studentName: names[i % names.length] ?? s.studentName,
      }));
      await run(named.slice(0, WARM_UP), react);
      scripts.push({ script, run: await run(named, react) });
    }

    // For the record: pdf-lib with the images too (it decodes and deflates each PNG again).
    const withImages = await run(items.slice(0, perRound), bare);
    const withImagesMs = sum(withImages.msEach) / perRound;

    const msEach = sum(value.msEach) / COUNT;
    const floorMsEach = sum(floor.msEach) / COUNT;
    const maxKb = Math.max(...value.sizes) / KB;
    const meanKb = sum(value.sizes) / COUNT / KB;
    // The size floor is the same content, images included, by bare pdf-lib.
    const floorMaxKb = Math.max(...withImages.sizes) / KB;
    log(
      `  ${String(COUNT)} certificates: ${msEach.toFixed(1)} ms each (p50 ${median(value.msEach).toFixed(1)}, p99 ${percentile(value.msEach, 99).toFixed(1)}); bare pdf-lib ${floorMsEach.toFixed(1)} ms for the text (${withImagesMs.toFixed(1)} ms with the images); PDFs ${meanKb.toFixed(1)} KB on average, ${maxKb.toFixed(1)} KB at most; RSS +${(value.rssPeakGrowth / MB).toFixed(0)} MB at peak`,
    );
    const rounds = roundMs.map((r) => ({
      valueMs: Number(r.value.toFixed(2)),
      floorMs: Number(r.floor.toFixed(2)),
    }));
    const scriptResults = scripts.flatMap(({ script, run: r }) => {
      const each = sum(r.msEach) / r.msEach.length;
      const largest = Math.max(...r.sizes) / KB;
      log(
        `  ${String(r.msEach.length)} certificates with ${script} names: ${each.toFixed(1)} ms each (p99 ${percentile(r.msEach, 99).toFixed(1)}); ${largest.toFixed(1)} KB at most`,
      );
      return [
        result({
          scenario: 'certificates',
          name: `certificate PDF with an ${script} name, time each (${String(r.msEach.length)})`,
          unit: 'ms',
          value: each,
          floor: msEach,
          target: { on: 'value', op: '<=', limit: 20 },
          detail: {
            p50Ms: Number(median(r.msEach).toFixed(2)),
            p99Ms: Number(percentile(r.msEach, 99).toFixed(2)),
            note: 'the student name shaped by HarfBuzz and drawn in an embedded Noto subset (lib/pdf-text), the rest as in the main round; floor: the main round (names in the built-in fonts)',
          },
        }),
        result({
          scenario: 'certificates',
          name: `certificate PDF with an ${script} name, largest size`,
          unit: 'KB',
          value: largest,
          floor: maxKb,
          target: { on: 'value', op: '<=', limit: 60 },
          detail: { note: 'floor: the largest PDF of the main round (no font embedded)' },
        }),
      ];
    });
    return [
      ...scriptResults,
      result({
        scenario: 'certificates',
        name: `certificate PDF, time each (${String(COUNT)})`,
        unit: 'ms',
        value: msEach,
        floor: floorMsEach,
        target: { on: 'value', op: '<=', limit: 20 },
        detail: {
          certificates: COUNT,
          p50Ms: Number(median(value.msEach).toFixed(2)),
          p99Ms: Number(percentile(value.msEach, 99).toFixed(2)),
          floorP50Ms: Number(median(floor.msEach).toFixed(2)),
          pdfLibWithImagesMs: Number(withImagesMs.toFixed(2)),
          rounds,
          note: 'value: renderCertificate of apps/api (React component through @react-pdf/renderer, QR code PNG, the scaled logo JPEG and signature PNG) one after the other, in this process; floor: the same text in the same built-in fonts drawn at fixed places with bare pdf-lib, no images; pdfLibWithImagesMs: that page with the same three images too (the QR code made the same way)',
        },
      }),
      result({
        scenario: 'certificates',
        name: 'certificate PDF, largest size',
        unit: 'KB',
        value: maxKb,
        floor: floorMaxKb,
        target: { on: 'value', op: '<=', limit: 60 },
        detail: {
          meanKb: Number(meanKb.toFixed(2)),
          floorMeanKb: Number((sum(withImages.sizes) / withImages.sizes.length / KB).toFixed(2)),
          textOnlyKb: Number((Math.max(...floor.sizes) / KB).toFixed(2)),
          logoKb: Number((images.logo.data.length / KB).toFixed(2)),
          signatureKb: Number((images.signature.data.length / KB).toFixed(2)),
          note: 'KB = 1024 bytes; floor: the same page, images included, by bare pdf-lib; the logo is photo-like noise, the worst case for its JPEG',
        },
      }),
      result({
        scenario: 'certificates',
        name: `certificate PDFs, peak RSS growth (${String(COUNT)})`,
        unit: 'MB',
        value: value.rssPeakGrowth / MB,
        floor: floor.rssPeakGrowth / MB,
        // No target in the issue; this guards against memory that grows with the batch.
        target: { on: 'value', op: '<=', limit: 100 },
        detail: {
          note: 'the process RSS sampled every 20 ms during each round of 250, peak minus the RSS at the round’s start; the largest round',
        },
      }),
    ];
  },
};
