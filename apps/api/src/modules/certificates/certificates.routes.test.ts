import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import {
  CERTIFICATE_CODE_PATTERN,
  type CertificateExportStatus,
  type CertificateVerification,
  type EnrolmentActionResult,
  type ProgrammeCertificates,
} from '@lantern/contracts/programme';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  enrolmentsOf,
  noisyJpeg,
  pdfText,
  programmeIdOf,
  readZip,
  setClcImage,
  signaturePng,
  type EnrolmentRow,
} from './certificates.fixtures';

let t: TestApp;
let admin: { authorization: string };
let programmeId: number;
let rows: EnrolmentRow[];

const MAX_PDF_BYTES = 60 * 1024;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://lantern.example' });
  admin = await t.as('admin');
  programmeId = await programmeIdOf(t, '214');
  // The CLCs of the demo programme get a photo-like logo and a signature, the heaviest case.
  await setClcImage(t, 'KAK', 'logo', await noisyJpeg(1200, 500), 'image/jpeg');
  await setClcImage(t, 'KAK', 'signature', await signaturePng(), 'image/png');
  rows = await enrolmentsOf(t, programmeId);
});
afterAll(async () => t.close());

const passed = () => rows.filter((r) => r.state === 'completed');
const byState = (state: string) => {
  const found = rows.find((r) => r.state === state);
  if (!found) throw new Error(`No ${state} student in the demo programme.`);
  return found;
};

async function issue(enrolmentIds?: number[]) {
  return t.app.inject({
    method: 'POST',
    url: `/api/en/programme/professional-certificate/${programmeId}/certificates`,
    headers: admin,
    payload: enrolmentIds ? { enrolmentIds } : {},
  });
}

async function pdfOf(certificateId: string) {
  const res = await t.app.inject({
    url: `/api/en/certificates/${certificateId}/pdf`,
    headers: admin,
  });
  expect(res.statusCode).toBe(200);
  return res;
}

describe('issuing certificates', () => {
  it('lists the passed students with their certificate', async () => {
    const res = await t.app.inject({
      url: `/api/en/programme/professional-certificate/${programmeId}/certificates`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<ProgrammeCertificates>();
    expect(body.programme).toMatchObject({ code: '214', status: 'finished', canIssue: true });
    expect(body.items).toHaveLength(passed().length);
    expect(body.items.length).toBeGreaterThanOrEqual(16);
    expect(body.items.every((i) => i.certificate !== null)).toBe(true);
    const ids = new Set(body.items.map((i) => i.enrolmentId));
    expect(rows.filter((r) => ids.has(r.id)).every((r) => r.state === 'completed')).toBe(true);
  });

  it('issues only to passed students; the failed, withdrawn, active and already certified are refused with why', async () => {
    const [first, second] = passed();
    if (!first || !second) throw new Error('Two passed students expected.');
    await t.database.query('delete from certificates where enrolment_id = any($1)', [
      [first.id, second.id],
    ]);
    const failed = byState('failed');
    const withdrawn = byState('withdrawn');
    // An active student of the programme (back in class), who must not get a certificate.
    const active = rows.filter((r) => r.state === 'failed')[1];
    if (!active) throw new Error('Two failed students expected.');
    await t.database.query(`update enrolments set state = 'active' where id = $1`, [active.id]);
    const certified = passed()[2];
    if (!certified) throw new Error('Three passed students expected.');

    // The programme mails its students when their certificate is issued.
    await t.database.query(
      `insert into automatic_mails (programme_id, event_type, subject, body, recipient_role, published)
       values ($1, 'certificate_issued', 'Your certificate', 'Code {{certificateCode}}: {{verificationUrl}}', 'student', true)`,
      [programmeId],
    );
    await t.database.query(
      `update users set email = 'first.' || jwl_id || '@example.org'
       where jwl_id = (select user_id from enrolments where id = $1)`,
      [first.id],
    );

    const res = await issue([first.id, failed.id, withdrawn.id, active.id, certified.id, 999999]);
    expect(res.statusCode).toBe(200);
    const result = res.json<EnrolmentActionResult>();
    expect(result.done).toEqual([first.id]);
    const reasons = new Map(result.refused.map((r) => [r.enrolmentId, r.reason]));
    expect(reasons.get(failed.id)).toMatch(/only passed students.*failed/i);
    expect(reasons.get(withdrawn.id)).toMatch(/withdrawn/);
    expect(reasons.get(active.id)).toMatch(/active/);
    expect(reasons.get(certified.id)).toBe(`Already has certificate ${certified.code ?? ''}.`);
    expect(reasons.get(999999)).toBe('Not a student of this programme.');
    expect(result.refused).toHaveLength(5);

    const [made] = await t.database.query<{
      code: string;
      student_name: string;
      clc_name: string;
      signee_name: string | null;
      issued_on: string;
      certifying_university: string;
    }>(
      `select code, student_name, clc_name, signee_name, issued_on::text, certifying_university
       from certificates where enrolment_id = $1`,
      [first.id],
    );
    expect(made?.code).toMatch(CERTIFICATE_CODE_PATTERN);
    expect(made?.code).toMatch(/^[A-HJ-NP-Z2-9-]+$/);
    expect(made).toMatchObject({
      student_name: `${first.first_name} ${first.last_name}`,
      issued_on: today(),
      certifying_university: 'Regis University, Denver',
    });
    const [clc] = await t.database.query<{ name: string; signee_name: string | null }>(
      'select name, signee_name from clcs where code = $1',
      [first.clc_code],
    );
    expect(made).toMatchObject({ clc_name: clc?.name, signee_name: clc?.signee_name });
    const mails = await t.database.query<{ text_body: string }>(
      `select text_body from mail_outbox where subject = 'Your certificate' and text_body like $1`,
      [`Code ${made?.code ?? '-'}:%`],
    );
    expect(mails.map((m) => m.text_body)).toEqual([
      `Code ${made?.code ?? ''}: https://lantern.example/en/certificate-verification/${made?.code ?? ''}`,
    ]);
    const audits = await t.database.query<{ action: string }>(
      `select action from audit_log where entity_type = 'enrolment' and entity_id = $1`,
      [String(first.id)],
    );
    expect(audits.map((a) => a.action)).toContain('certificate.issued');

    // Without a selection: every passed student without one, and no one twice.
    const all = (await issue()).json<EnrolmentActionResult>();
    expect(all).toEqual({ done: [second.id], refused: [] });
    expect((await issue()).json<EnrolmentActionResult>()).toEqual({ done: [], refused: [] });
    rows = await enrolmentsOf(t, programmeId);
  });

  it('gives each certificate its own unguessable code', async () => {
    const codes = rows.flatMap((r) => (r.code ? [r.code] : []));
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('certificate PDFs', () => {
  it('is one A4 landscape page under 60 KB, naming the student and the code', async () => {
    const student = passed().find((r) => r.clc_code === 'KAK');
    if (!student?.certificate_id) throw new Error('A passed KAK student expected.');
    const res = await pdfOf(student.certificate_id);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${student.code ?? ''}-${student.last_name.replace(/[^A-Za-z0-9]+/g, '-')}.pdf"`,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThanOrEqual(MAX_PDF_BYTES);
    // With the logo and signature embedded, not left out (the QR code is drawn, not an image).
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(2);

    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(Math.round(width)).toBe(842);
    expect(Math.round(height)).toBe(595);

    const text = pdfText(pdf);
    expect(text).toContain(`${student.first_name} ${student.last_name}`);
    expect(text).toContain(student.code);
    expect(text).toContain('Professional Certificate in Community Health Work');
    expect(text).toMatch(/Issued on \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(text).toContain(
      `https://lantern.example/en/certificate-verification/${student.code ?? ''}`,
    );
  });

  it('keeps a rendered PDF and serves the same bytes again', async () => {
    const student = passed()[3];
    if (!student?.certificate_id) throw new Error('A passed student expected.');
    const first = (await pdfOf(student.certificate_id)).rawPayload;
    const [row] = await t.database.query<{ file_id: string | null }>(
      'select file_id from certificates where id = $1',
      [student.certificate_id],
    );
    expect(row?.file_id).toBeTruthy();
    const second = (await pdfOf(student.certificate_id)).rawPayload;
    expect(second.equals(first)).toBe(true);
  });

  it('answers 404 for a certificate that does not exist', async () => {
    const res = await t.app.inject({
      url: '/api/en/certificates/00000000-0000-4000-8000-000000000000/pdf',
      headers: admin,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('exports', () => {
  it('downloads a ZIP with one PDF per selected student, named code and last name', async () => {
    const chosen = passed().slice(0, 3);
    const res = await t.app.inject({
      url: `/api/en/programme/professional-certificate/${programmeId}/certificates/export/zip?enrolmentIds=${chosen.map((r) => r.id).join(',')}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="certificates-214.zip"');
    const entries = readZip(res.rawPayload);
    expect(entries.map((e) => e.name).sort()).toEqual(
      chosen.map((r) => `${r.code ?? ''}-${r.last_name.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`).sort(),
    );
    for (const entry of entries) {
      expect(entry.data.subarray(0, 5).toString()).toBe('%PDF-');
      expect(entry.data.length).toBeLessThanOrEqual(MAX_PDF_BYTES);
    }
  });

  it('exports every certificate of the programme (POST, no selection) as a ZIP at once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/en/programme/professional-certificate/${programmeId}/certificates/export`,
      headers: admin,
      payload: { format: 'zip' },
    });
    expect(res.statusCode).toBe(200);
    expect(readZip(res.rawPayload)).toHaveLength(passed().length);
  });

  it('merges the selection into one PDF with a page each', async () => {
    const chosen = passed().slice(2, 6);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/en/programme/professional-certificate/${programmeId}/certificates/export`,
      headers: admin,
      payload: { format: 'pdf', enrolmentIds: chosen.map((r) => r.id) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(chosen.length);
  });

  it('lists a certificate that fails to render and still delivers the others', async () => {
    // AMM's logo is stored, but its bytes are not an image any more.
    await setClcImage(t, 'AMM', 'logo', Buffer.from('not an image'), 'image/jpeg');
    await t.database.query('update certificates set file_id = null');
    const amm = passed()
      .filter((r) => r.clc_code === 'AMM')
      .slice(0, 2);
    // Chosen by CLC, not by position: the seed's enrolment order is not fixed.
    const [unprintable, ...kak] = passed()
      .filter((r) => r.clc_code === 'KAK')
      .slice(0, 3);
    if (!unprintable) throw new Error('Passed KAK students expected.');
    // A name in a script none of the certificate's fonts has fails, rather than coming out
    // garbled (Latin with diacritics, Arabic and Ethiopic are printed: certificates.render.test).
    await t.database.query(
      `update certificates set student_name = '王小明' where enrolment_id = $1`,
      [unprintable.id],
    );
    const failed = byState('failed');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/en/programme/professional-certificate/${programmeId}/certificates/export`,
      headers: admin,
      payload: {
        format: 'zip',
        enrolmentIds: [...amm, unprintable, ...kak, failed].map((r) => r.id),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const status = res.json<CertificateExportStatus>();
    expect(status).toMatchObject({ state: 'done', done: kak.length, total: 6 });
    expect(status.failed).toHaveLength(4);
    expect(status.failed).toEqual(
      expect.arrayContaining([
        {
          enrolmentId: unprintable.id,
          name: '王小明',
          error: 'The student name “王小明” has letters the certificate’s fonts cannot print.',
        },
        ...amm.map((r) => ({
          enrolmentId: r.id,
          name: `${r.first_name} ${r.last_name}`,
          error: 'The CLC’s logo could not be read.',
        })),
        {
          enrolmentId: failed.id,
          name: `${failed.first_name} ${failed.last_name}`,
          error: 'No certificate has been issued to this student.',
        },
      ]),
    );
    const file = await t.app.inject({ url: status.downloadUrl ?? '' });
    expect(file.statusCode).toBe(200);
    expect(readZip(file.rawPayload)).toHaveLength(kak.length);

    // One certificate alone says the sentence of spec §8.
    const alone = amm[0]?.certificate_id ?? '';
    const one = await t.app.inject({ url: `/api/en/certificates/${alone}/pdf`, headers: admin });
    expect(one.statusCode).toBe(500);
    expect(one.json<{ detail: string }>().detail).toBe('Error while generating.');
    await t.database.query(`update clcs set logo_file_id = null where code = 'AMM'`);
  });

  it('refuses an export with nothing to export', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/en/programme/professional-certificate/${programmeId}/certificates/export`,
      headers: admin,
      payload: { format: 'zip', enrolmentIds: [byState('withdrawn').id] },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('public verification', () => {
  const verify = (code: string) =>
    t.app.inject({ url: `/public-api/1.0/certificates/${encodeURIComponent(code)}` });

  it('confirms a real code without a sign-in, read in any case and without dashes', async () => {
    // The second one issued above (the first had its name changed in the failure test).
    const student = passed()[1];
    const code = student?.code ?? '';
    const res = await verify(code);
    expect(res.statusCode).toBe(200);
    expect(res.json<CertificateVerification>()).toMatchObject({
      valid: true,
      verificationCode: code,
      studentName: `${student?.first_name ?? ''} ${student?.last_name ?? ''}`,
      programmeTitle: 'Professional Certificate in Community Health Work',
      certifyingUniversity: 'Regis University, Denver',
      issuedOn: today(),
    });
    const typed = await verify(code.replaceAll('-', '').toLowerCase());
    expect(typed.json<CertificateVerification>().valid).toBe(true);
  });

  it('answers 404 valid:false for a code no certificate has', async () => {
    const res = await verify('AAAA-BBBB-CCCC');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ valid: false, reason: 'not_found', code: 'NOT_FOUND' });
    expect((await verify('nonsense')).statusCode).toBe(404);
  });

  it('says a revoked certificate is no longer valid', async () => {
    const student = passed()[5];
    await t.database.query(
      `update certificates set revoked_at = '2030-01-02T10:00:00Z' where enrolment_id = $1`,
      [student?.id],
    );
    const res = await verify(student?.code ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: false, reason: 'revoked', revokedOn: '2030-01-02' });
  });
});

describe('rights', () => {
  const routes = () => [
    {
      method: 'GET' as const,
      url: `/api/en/programme/professional-certificate/${programmeId}/certificates`,
      right: 'CERTIFICATE__DISPLAY',
    },
    {
      method: 'POST' as const,
      url: `/api/en/programme/professional-certificate/${programmeId}/certificates`,
      right: 'CERTIFICATE__CREATE',
      payload: {},
    },
    {
      method: 'GET' as const,
      url: `/api/en/certificates/${passed()[0]?.certificate_id ?? ''}/pdf`,
      right: 'CERTIFICATE__DISPLAY',
    },
    {
      method: 'POST' as const,
      url: `/api/en/programme/professional-certificate/${programmeId}/certificates/export`,
      right: 'CERTIFICATE__EXPORT',
      payload: { format: 'zip' },
    },
    {
      method: 'GET' as const,
      url: `/api/en/programme/professional-certificate/${programmeId}/certificates/export/zip`,
      right: 'CERTIFICATE__EXPORT',
    },
    {
      method: 'GET' as const,
      url: '/api/en/certificate-exports/00000000-0000-4000-8000-000000000000',
      right: 'CERTIFICATE__EXPORT',
    },
  ];

  it('lets the academic manager issue and export, and the view-only user download the PDF (decision 0003)', async () => {
    const manager = await t.as('academic_manager');
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/en/programme/professional-certificate/${programmeId}/certificates`,
      headers: manager,
      payload: { enrolmentIds: [passed()[0]?.id] },
    });
    // Already certified: refused with why, which is an answer of the issuing route, not a 403.
    expect(issued.statusCode, issued.body).toBe(200);
    const chosen = passed()
      .slice(0, 2)
      .map((r) => r.id)
      .join(',');
    for (const who of ['academic_manager', 'view_only_user']) {
      const res = await t.app.inject({
        url: `/api/en/programme/professional-certificate/${programmeId}/certificates/export/pdf?enrolmentIds=${chosen}`,
        headers: await t.as(who),
      });
      // Delivered (the PDF, or the report naming what an earlier test's broken images spoilt):
      // the content is proved by the admin's downloads above; here the right.
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/(pdf|json)/);
    }
    const viewer = await t.app.inject({
      method: 'POST',
      url: `/api/en/programme/professional-certificate/${programmeId}/certificates`,
      headers: await t.as('view_only_user'),
      payload: {},
    });
    expect(viewer.json()).toMatchObject({ missingRight: 'CERTIFICATE__CREATE' });
  });

  it('answers 403 naming the right to a coordinator, who has neither', async () => {
    const headers = await t.as('coordinator');
    for (const route of routes()) {
      const res = await t.app.inject({ ...route, headers });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json<{ missingRight: string }>().missingRight).toBe(route.right);
    }
  });

  it('asks for a sign-in everywhere but the public verification', async () => {
    for (const route of routes()) {
      const res = await t.app.inject(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
