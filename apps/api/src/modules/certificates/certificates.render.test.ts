import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { extractedLines, inspectPdf } from '../../lib/pdf-text/pdf-text.fixtures';
import {
  CertificateRenderError,
  qrPath,
  renderCertificate,
  type CertificateSnapshot,
} from './certificates.render';

const PUBLIC_URL = 'https://lantern.example';

const latin: CertificateSnapshot = {
  code: 'ABCD-EFGH-JKLM',
  studentName: 'Zoë Garang',
  programmeTitle: 'Professional Certificate in Community Health Work',
  certificateText:
    'has successfully completed the Professional Certificate in Community Health Work, a programme of study of 14 units.',
  certifyingUniversity: 'Regis University, Denver',
  clcName: 'Kakuma CLC',
  signeeName: 'Grace Atieno',
  signeeTitle: 'Centre Director',
  issuedOn: '2026-02-28',
};

const render = (changes: Partial<CertificateSnapshot>) =>
  renderCertificate({ ...latin, ...changes }, { logo: null, signature: null }, PUBLIC_URL);

describe('certificates in every script', () => {
  it('prints an Arabic name, programme, CLC and signee, which copy back in logical order', async () => {
    const arabic = {
      studentName: 'محمد عبد الله الخطيب',
      programmeTitle: 'شهادة مهنية في العمل الصحي المجتمعي',
      clcName: 'مركز عمان',
      signeeName: 'ليلى حداد',
      signeeTitle: 'مديرة المركز',
    };
    const pdf = await render(arabic);
    const lines = await extractedLines(pdf);
    // Texts on a line with others (the CLC beside 'in partnership with') are read within it.
    for (const text of Object.values(arabic)) expect(lines.join('\n')).toContain(text);
    expect(lines).toContain(arabic.studentName);
    expect(lines).toContain('This is to certify that');
    expect(pdf.length).toBeLessThanOrEqual(60 * 1024);
    // One embedded subset for the Arabic, the fixed Latin text in the built-in fonts.
    const { fonts, standardFonts } = await inspectPdf(pdf);
    expect([...fonts.values()].map((f) => f.baseFont)).toEqual([
      expect.stringMatching(/\+NotoSansArabic/),
    ]);
    expect(standardFonts).toEqual(expect.arrayContaining(['Helvetica', 'Courier-Bold']));
  });

  it('prints Ethiopic and mixed Latin and Arabic names', async () => {
    for (const studentName of ['አበበ ቢቂላ', 'Amal محمد Al-Khatib', 'Nguyễn Thị Ánh']) {
      const pdf = await render({ studentName });
      expect(await extractedLines(pdf)).toContain(studentName);
      expect(pdf.length).toBeLessThanOrEqual(60 * 1024);
    }
  });

  it('keeps a certificate in Western European letters to the built-in fonts, embedding none', async () => {
    const pdf = await render({});
    const { fonts } = await inspectPdf(pdf);
    expect(fonts.size).toBe(0);
    expect(await extractedLines(pdf)).toContain('Zoë Garang');
  });

  it('fails with the text named when no face has its letters', async () => {
    await expect(render({ signeeName: '王小明' })).rejects.toThrow(
      new CertificateRenderError(
        'The signee name “王小明” has letters the certificate’s fonts cannot print.',
      ),
    );
  });
});

describe('the verification QR code', () => {
  it('is drawn as a path covering exactly the dark modules of the address', () => {
    const url = 'https://lantern.example/en/certificate-verification/PC-2026-AB12CD';
    const { size, d } = qrPath(url);
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size);
    const drawn = new Set<string>();
    for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      const [x, y, run] = [Number(m[1]), Number(m[2]), Number(m[3])];
      for (let i = 0; i < run; i += 1) drawn.add(`${String(x + i)},${String(y)}`);
    }
    const dark = new Set<string>();
    for (let y = 0; y < size; y += 1)
      for (let x = 0; x < size; x += 1)
        if (modules.get(y, x)) dark.add(`${String(x)},${String(y)}`);
    expect(drawn).toEqual(dark);
    expect(dark.size).toBeGreaterThan(size);
  });
});
