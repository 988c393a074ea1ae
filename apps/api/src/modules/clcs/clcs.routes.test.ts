import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Clc } from '@lantern/contracts/clc';
import { buildTestApp, multipart, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const valid = {
  name: 'Mahama CLC',
  code: 'mah',
  financeCode: '4808',
  maxStudents: 120,
  minorPermission: true,
  minAgeForMinors: 16,
  isGel: false,
  signeeName: 'Aline Uwase',
  signeeTitle: 'Centre Director',
  country: 'RW',
  address: 'Mahama Camp, Kirehe',
  timeZone: 'Africa/Kigali',
  contactName: 'Aline Uwase',
  contactEmail: 'mahama@clc.example',
  contactPhone: '0788 123 456',
  isActive: true,
};

const idOf = async (code: string) =>
  (await t.database.query<{ id: number }>('select id from clcs where code = $1', [code]))[0]?.id ??
  0;

describe('CLC partners', () => {
  it('creates a CLC: the code upper-cased, the phone read with the CLC’s country and stored internationally', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/clc-partner',
      headers: await t.as('admin'),
      payload: valid,
    });
    expect(res.statusCode).toBe(200);
    const clc = res.json<Clc>();
    expect(clc).toMatchObject({
      code: 'MAH',
      contactPhone: '+250788123456',
      version: 1,
      logo: null,
    });
    const history = await t.app.inject({
      url: `/api/en/clc-partner/${clc.id}/history`,
      headers: await t.as('admin'),
    });
    expect(history.json<{ action: string; actor: { name: string } }[]>()[0]).toMatchObject({
      action: 'clc.created',
      actor: { name: 'Daniel Okafor' },
    });
  });

  it('names every wrong field with the spec’s texts, and saves nothing', async () => {
    const headers = await t.as('admin');
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from clcs');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/clc-partner',
      headers,
      payload: {
        ...valid,
        name: ' ',
        code: 'X1',
        financeCode: '123',
        contactEmail: 'not-an-email',
        maxStudents: 'many',
        country: 'R',
      },
    });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json<{ fields: Record<string, string> }>();
    expect(fields).toMatchObject({
      name: 'This field must be filled',
      financeCode: 'The finance code has exactly 4 digits',
      contactEmail: 'Must be a valid E-Mail address',
      maxStudents: 'Must be a number',
      country: 'Please select a valid option',
    });
    const semantic = await t.app.inject({
      method: 'POST',
      url: '/api/en/clc-partner',
      headers,
      payload: {
        ...valid,
        code: 'KAK',
        country: 'XX',
        timeZone: 'Mars/Olympus',
        contactPhone: '12',
      },
    });
    expect(semantic.statusCode).toBe(400);
    expect(semantic.json<{ fields: Record<string, string> }>().fields).toEqual({
      code: 'This code is already used by another CLC',
      country: 'Please select a valid option',
      timeZone: 'Please select a valid option',
      contactPhone: 'Please enter a valid phone number',
    });
    const after = await t.database.query<{ n: number }>('select count(*)::int as n from clcs');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('refuses an edit on a stale version with 409, and keeps the history of the right one', async () => {
    const headers = await t.as('admin');
    const id = await idOf('ERB');
    const current = (await t.app.inject({ url: `/api/en/clc-partner/${id}`, headers })).json<Clc>();
    const {
      id: _id,
      logo: _l,
      signature: _s,
      version,
      createdAt: _c,
      updatedAt: _u,
      ...data
    } = current;
    const first = await t.app.inject({
      method: 'PUT',
      url: `/api/en/clc-partner/${id}`,
      headers,
      payload: { version, data: { ...data, maxStudents: 180 } },
    });
    expect(first.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/en/clc-partner/${id}`,
      headers,
      payload: { version, data: { ...data, maxStudents: 999 } },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toMatch(/Someone else changed this CLC/);
    const history = (
      await t.app.inject({ url: `/api/en/clc-partner/${id}/history`, headers })
    ).json<{ action: string; changes: Record<string, unknown> }[]>();
    expect(history[0]).toMatchObject({
      action: 'clc.updated',
      changes: { maxStudents: { from: 150, to: 180 } },
    });
  });

  it('shows a lead coordinator only their CLCs: another CLC is not found', async () => {
    const headers = await t.as('lead_coordinator');
    const list = await t.app.inject({ url: '/api/en/clc-partner?limit=100', headers });
    expect(
      list
        .json<{ items: { code: string }[] }>()
        .items.map((c) => c.code)
        .sort(),
    ).toEqual(['DZA', 'KAK']);
    expect(
      (await t.app.inject({ url: `/api/en/clc-partner/${await idOf('AMM')}`, headers })).statusCode,
    ).toBe(404);
    const other = (
      await t.app.inject({
        url: `/api/en/clc-partner/${await idOf('KAK')}`,
        headers: await t.as('admin'),
      })
    ).json<Clc>();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/en/clc-partner/${await idOf('AMM')}`,
      headers,
      payload: { version: 1, data: { ...valid, code: 'AMM' } },
    });
    expect(put.statusCode).toBe(404);
    expect(other.code).toBe('KAK');
  });

  it('refuses users without the rights: 403 with the right named', async () => {
    const coordinator = await t.as('coordinator');
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/en/clc-partner',
      headers: coordinator,
      payload: valid,
    });
    expect(create.json()).toMatchObject({ code: 'MISSING_RIGHT', missingRight: 'CLC__CREATE' });
    const exp = await t.app.inject({ url: '/api/en/clc-partner/export/csv', headers: coordinator });
    expect(exp.json()).toMatchObject({ missingRight: 'CLC__EXPORT' });
    const student = await t.app.inject({
      url: '/api/en/clc-partner',
      headers: await t.as('student'),
    });
    expect(student.json()).toMatchObject({ missingRight: 'CLC__DISPLAY' });
  });

  it('searches, filters, sorts and pages on the server', async () => {
    const headers = await t.as('admin');
    const page = await t.app.inject({
      url: '/api/en/clc-partner?sort=code&dir=desc&limit=2&page=2',
      headers,
    });
    const body = page.json<{ items: { code: string }[]; total: number }>();
    expect(body.total).toBeGreaterThanOrEqual(7);
    expect(body.items).toHaveLength(2);
    const search = await t.app.inject({ url: '/api/en/clc-partner?q=kak', headers });
    expect(search.json<{ items: { code: string; people: number }[] }>().items).toEqual([
      expect.objectContaining({ code: 'KAK' }),
    ]);
    expect(search.json<{ items: { people: number }[] }>().items[0]?.people).toBeGreaterThan(10);
    const gel = await t.app.inject({ url: '/api/en/clc-partner?gel=true&country=JO', headers });
    expect(gel.json<{ items: { code: string }[] }>().items.map((c) => c.code)).toEqual(['AMM']);
    expect((await t.app.inject({ url: '/api/en/clc-partner?limit=500', headers })).statusCode).toBe(
      400,
    );
    expect(
      (await t.app.inject({ url: '/api/en/clc-partner?sort=secret', headers })).statusCode,
    ).toBe(400);
  });
});

describe('CLC logo and signature', () => {
  const png = () =>
    sharp({ create: { width: 300, height: 100, channels: 3, background: '#204080' } })
      .png()
      .toBuffer();
  const upload = async (
    kind: 'logo' | 'signature',
    code: string,
    file: { name: string; type: string; data: Buffer },
    username = 'admin',
  ) => {
    const headers = await t.as(username);
    const id = await idOf(code);
    const { version } = (
      await t.app.inject({ url: `/api/en/clc-partner/${id}`, headers: await t.as('admin') })
    ).json<Clc>();
    const mp = multipart({ version: String(version) }, { file });
    return t.app.inject({
      method: 'POST',
      url: `/api/en/clc-partner/${id}/${kind}`,
      payload: mp.payload,
      headers: { ...headers, ...mp.headers },
    });
  };

  it('takes a PNG named .jpg (judged by content) and serves it as an attachment', async () => {
    const res = await upload('logo', 'UIO', {
      name: 'logo.jpg',
      type: 'image/jpeg',
      data: await png(),
    });
    expect(res.statusCode).toBe(200);
    const clc = res.json<Clc>();
    const file = await t.app.inject({ url: clc.logo ?? '' });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses an HTML file named .png and stores nothing', async () => {
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from files');
    const res = await upload('signature', 'UIO', {
      name: 'sign.png',
      type: 'image/png',
      data: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields.file).toBe(
      'File must be a valid file',
    );
    const after = await t.database.query<{ n: number }>('select count(*)::int as n from files');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('needs CLC_SIGNATURE__EDIT for the signature', async () => {
    const res = await upload(
      'signature',
      'KAK',
      { name: 's.png', type: 'image/png', data: await png() },
      'lead_coordinator',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ missingRight: 'CLC_SIGNATURE__EDIT' });
  });
});

describe('CLC export', () => {
  it('streams the filtered list as CSV with formulas neutralised', async () => {
    const headers = await t.as('admin');
    await t.app.inject({
      method: 'POST',
      url: '/api/en/clc-partner',
      headers,
      payload: { ...valid, name: '=HYPERLINK("http://x")', code: 'EVIL', financeCode: '4999' },
    });
    const res = await t.app.inject({ url: '/api/en/clc-partner/export/csv?q=EVIL', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="clc-partners.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^"ID","Name","Code","Finance code","Country"/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain('Rwanda');
  });

  it('streams XLSX', async () => {
    const res = await t.app.inject({
      url: '/api/en/clc-partner/export/xlsx',
      headers: await t.as('admin'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
