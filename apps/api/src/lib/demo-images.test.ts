import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { writeFileSync } from 'node:fs';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { addDemoClcImages } from './demo-images';
import { readWhole } from '../plugins/storage';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('demo CLC images', () => {
  it('gives every demo CLC a PNG logo and signature once, and certificates carry them', async () => {
    const headers = await t.as('admin');
    const certificates = await t.database.query<{ id: string }>(
      `select ce.id from certificates ce join enrolments e on e.id = ce.enrolment_id
       join clcs c on c.id = e.clc_id where c.code = 'KAK' order by ce.code limit 2`,
    );
    const images = async (id: string | undefined) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/en/certificates/${id ?? ''}/pdf`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      if (process.env.LANTERN_KEEP_PDF) writeFileSync(process.env.LANTERN_KEEP_PDF, res.rawPayload);
      return res.rawPayload.toString('latin1').match(/\/Subtype\s*\/Image/g)?.length ?? 0;
    };
    // A certificate made before the CLC had images (its PDF is kept as made).
    const without = await images(certificates[0]?.id);
    const [{ n } = { n: 0 }] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from clcs`,
    );
    expect(await addDemoClcImages(t.deps)).toBe(n);
    expect(await addDemoClcImages(t.deps)).toBe(0);
    const [clc] = await t.database.query<{ logo: string; signature: string }>(
      `select l.storage_key as logo, s.storage_key as signature from clcs c
       join files l on l.id = c.logo_file_id join files s on s.id = c.signature_file_id
       where c.code = 'KAK'`,
    );
    for (const key of [clc?.logo, clc?.signature]) {
      const data = await readWhole(t.deps.files, key ?? '');
      expect((await sharp(data).metadata()).format).toBe('png');
    }
    // The logo and the signature are in a certificate made now, besides the QR code.
    expect(await images(certificates[1]?.id)).toBeGreaterThanOrEqual(without + 2);
  });
});
