import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { PersonListItem, Student } from '@lantern/contracts/people';
import { buildTestApp, multipart, type TestApp } from '../../../test/helpers';

let t: TestApp;
let kak = 0;
let amm = 0;
beforeAll(async () => {
  t = await buildTestApp();
  const ids = await t.database.query<{ id: number; code: string }>(
    `select id, code from clcs where code in ('KAK', 'AMM')`,
  );
  kak = ids.find((c) => c.code === 'KAK')?.id ?? 0;
  amm = ids.find((c) => c.code === 'AMM')?.id ?? 0;
});
afterAll(async () => t.close());

const yearsAgo = (n: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - n);
  return d.toISOString().slice(0, 10);
};

const student = (over: Record<string, unknown> = {}) => ({
  username: 'nyabol.deng',
  firstName: 'Nyabol',
  lastName: 'Deng',
  email: 'nyabol@example.org',
  phone: '0712 000 111',
  gender: 'f',
  clcIds: [kak],
  birthDate: yearsAgo(22),
  birthCountry: 'SS',
  birthPlace: 'Bor',
  nationality: 'SS',
  nativeLanguage: 'Dinka',
  countryOfOrigin: 'SS',
  countryOfResidence: 'KE',
  countryOfSchool: 'KE',
  residencyStatus: 'refugee',
  schoolingLevel: 'high_school',
  vocationalSchool: false,
  unhcrNumber: 'KAK-12345',
  identificationType: 'none',
  deviceType: 'tablet',
  cefrLevel: 3,
  ...over,
});

type Saved = { record: Student; warnings: Record<string, string> };

describe('students', () => {
  it('creates a student; the phone is read with the country of residence and stored internationally', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/student',
      headers: await t.as('coordinator'),
      payload: student(),
    });
    expect(res.statusCode).toBe(200);
    const { record, warnings } = res.json<Saved>();
    expect(record).toMatchObject({
      username: 'nyabol.deng',
      phone: '+254712000111',
      roles: ['STUDENT'],
      nationality: 'SS',
      cefrLevel: 3,
      hasPassword: false,
    });
    expect(record.clcs.map((c) => c.code)).toEqual(['KAK']);
    expect(warnings).toEqual({});
  });

  it('shows every validation text of the spec by its field, and saves nothing', async () => {
    const headers = await t.as('coordinator');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/student',
      headers,
      payload: student({
        username: 'x.y',
        firstName: '',
        email: 'nope',
        gender: 'x',
        clcIds: [],
        birthDate: yearsAgo(12),
        cefrLevel: 'high',
        identificationType: 'passport',
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields).toMatchObject({
      firstName: 'This field must be filled',
      email: 'Must be a valid E-Mail address',
      gender: 'Please select a valid option',
      clcIds: 'At least 1 option must be selected',
      birthDate: 'None plausible date of birth. The age must be between 15 and 100.',
      cefrLevel: 'Please select a valid option',
    });
    const tooOld = await t.app.inject({
      method: 'POST',
      url: '/api/en/student',
      headers,
      payload: student({ username: 'old.one', birthDate: yearsAgo(101) }),
    });
    expect(tooOld.json<{ fields: Record<string, string> }>().fields.birthDate).toBe(
      'None plausible date of birth. The age must be between 15 and 100.',
    );
    const badDate = await t.app.inject({
      method: 'POST',
      url: '/api/en/student',
      headers,
      payload: student({ username: 'old.one', birthDate: '31.12.2001' }),
    });
    expect(badDate.json<{ fields: Record<string, string> }>().fields.birthDate).toBe(
      'Please provide a valid Date',
    );
    const semantic = await t.app.inject({
      method: 'POST',
      url: '/api/en/student',
      headers,
      payload: student({ username: 'NYABOL.DENG', phone: '12', nationality: 'QQ' }),
    });
    expect(semantic.statusCode).toBe(400);
    expect(semantic.json<{ fields: Record<string, string> }>().fields).toEqual({
      username: 'This username is already taken',
      nationality: 'Please select a valid option',
      phone: 'Please enter a valid phone number',
    });
    // The detail names each field as the form labels it, never by its key.
    expect(semantic.json<{ detail: string }>().detail).toBe(
      'Username: This username is already taken, Nationality: Please select a valid option, Phone: Please enter a valid phone number',
    );
    const none = await t.database.query<{ n: number }>(
      `select count(*)::int as n from users where username = 'old.one'`,
    );
    expect(none[0]?.n).toBe(0);
  });

  it('warns about a shared e-mail and saves', async () => {
    const headers = await t.as('coordinator');
    const check = await t.app.inject({
      url: '/api/en/student/email-in-use?email=nyabol@example.org',
      headers,
    });
    expect(check.json()).toMatchObject({ count: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/student',
      headers,
      payload: student({ username: 'akuol.deng', firstName: 'Akuol' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Saved>().warnings.email).toMatch(/already used by 1 other person/);
  });

  it('finds students by name, ID and e-mail, filters and sorts on the server', async () => {
    const headers = await t.as('coordinator');
    const byName = (await t.app.inject({ url: '/api/en/student?q=Nyabol.Deng', headers })).json<{
      items: PersonListItem[];
      total: number;
    }>();
    expect(byName.items.map((p) => p.username)).toEqual(['nyabol.deng']);
    const id = byName.items[0]?.id ?? 0;
    const byId = (await t.app.inject({ url: `/api/en/student?q=${id}`, headers })).json<{
      items: PersonListItem[];
    }>();
    expect(byId.items[0]?.id).toBe(id);
    const byEmail = (
      await t.app.inject({ url: '/api/en/student?q=nyabol@example', headers })
    ).json<{ total: number }>();
    expect(byEmail.total).toBe(2);
    const filtered = (
      await t.app.inject({
        url: `/api/en/student?q=nyabol%40example.org&nationality=SS&residencyStatus=refugee&gender=f&clc=${kak}&sort=firstName&dir=desc`,
        headers,
      })
    ).json<{ items: PersonListItem[] }>();
    expect(filtered.items.slice(0, 2).map((p) => p.firstName)).toEqual(['Nyabol', 'Akuol']);
    expect((await t.app.inject({ url: '/api/en/student?limit=101', headers })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ url: '/api/en/student?sort=password', headers })).statusCode).toBe(
      400,
    );
  });

  it('keeps people of another CLC out of reach: not in the list, 404 by ID', async () => {
    const other = await t.as('coordinator_2');
    const list = (await t.app.inject({ url: '/api/en/student?q=nyabol', headers: other })).json<{
      total: number;
    }>();
    expect(list.total).toBe(0);
    const [row] = await t.database.query<{ jwl_id: number }>(
      `select jwl_id from users where username = 'nyabol.deng'`,
    );
    expect(
      (await t.app.inject({ url: `/api/en/student/${row?.jwl_id}`, headers: other })).statusCode,
    ).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/en/student/${row?.jwl_id}`,
      headers: other,
      payload: { version: 1, data: student({ clcIds: [amm] }) },
    });
    expect(put.statusCode).toBe(404);
    // A coordinator cannot put a student into a CLC they do not reach either.
    const into = await t.app.inject({
      method: 'POST',
      url: '/api/en/student',
      headers: other,
      payload: student({ username: 'x.other', clcIds: [kak] }),
    });
    expect(into.json<{ fields: Record<string, string> }>().fields.clcIds).toBe(
      'Please select a valid option',
    );
  });

  it('edits with the version, refuses a stale one with 409, and shows who changed what in the history', async () => {
    const headers = await t.as('coordinator');
    const [row] = await t.database.query<{ jwl_id: number }>(
      `select jwl_id from users where username = 'nyabol.deng'`,
    );
    const id = row?.jwl_id ?? 0;
    const current = (await t.app.inject({ url: `/api/en/student/${id}`, headers })).json<Student>();
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/en/student/${id}`,
      headers,
      payload: { version: current.version, data: student({ lastName: 'Deng Garang' }) },
    });
    expect(ok.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/en/student/${id}`,
      headers,
      payload: { version: current.version, data: student({ lastName: 'Other' }) },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toMatch(/Someone else changed this student/);
    const history = (await t.app.inject({ url: `/api/en/student/${id}/history`, headers })).json<
      { action: string; actor: { name: string }; changes: Record<string, unknown> }[]
    >();
    expect(history[0]).toMatchObject({
      action: 'student.updated',
      actor: { name: 'John Deng' },
      changes: { lastName: { from: 'Deng', to: 'Deng Garang' } },
    });
    expect(history.at(-1)?.action).toBe('student.created');
  });

  it('refuses without the rights: 403 naming the right', async () => {
    const facilitator = await t.as('facilitator');
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/en/student',
      headers: facilitator,
      payload: student({ username: 'f.try' }),
    });
    expect(create.json()).toMatchObject({ code: 'MISSING_RIGHT', missingRight: 'STUDENT__CREATE' });
    const users = await t.app.inject({ url: '/api/en/user', headers: await t.as('coordinator') });
    expect(users.json()).toMatchObject({ missingRight: 'USER__DISPLAY' });
    const exp = await t.app.inject({ url: '/api/en/student/export/csv', headers: facilitator });
    expect(exp.json()).toMatchObject({ missingRight: 'STUDENT__EXPORT' });
  });

  it('exports the filtered list as CSV with formulas neutralised', async () => {
    const headers = await t.as('coordinator');
    await t.app.inject({
      method: 'POST',
      url: '/api/en/student',
      headers,
      payload: student({
        username: 'formula.one',
        firstName: '=cmd|calc',
        lastName: '+SUM(A1)',
        email: null,
      }),
    });
    const res = await t.app.inject({ url: '/api/en/student/export/csv?q=formula', headers });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'=cmd|calc");
    expect(lines[1]).toContain("'+SUM(A1)");
    expect(lines[0]).toMatch(/^\uFEFF?"JWL-ID","Username","First name"/);
    expect(lines[1]).toContain('"SS"');
    const xlsx = await t.app.inject({ url: '/api/en/student/export/xlsx?q=formula', headers });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('student photos', () => {
  const png = () =>
    sharp({ create: { width: 80, height: 80, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
  const upload = async (
    id: number,
    photo: string,
    file: { name: string; type: string; data: Buffer },
  ) => {
    const mp = multipart({}, { file });
    return t.app.inject({
      method: 'POST',
      url: `/api/en/student/${id}/photo/${photo}`,
      payload: mp.payload,
      headers: { ...(await t.as('admin')), ...mp.headers },
    });
  };

  it('takes each photo once, explains a second upload, and lets a holder of the right clear it', async () => {
    const [row] = await t.database.query<{ jwl_id: number }>(
      `select jwl_id from users where username = 'nyabol.deng'`,
    );
    const id = row?.jwl_id ?? 0;
    expect(
      (await upload(id, 'certificate', { name: 'c.jpg', type: 'image/jpeg', data: await png() }))
        .statusCode,
    ).toBe(200);
    const again = await upload(id, 'certificate', {
      name: 'c.png',
      type: 'image/png',
      data: await png(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toMatch(/helpdesk/);
    const denied = await t.app.inject({
      method: 'DELETE',
      url: `/api/en/student/${id}/photo/certificate`,
      headers: await t.as('coordinator'),
    });
    expect(denied.json()).toMatchObject({ missingRight: 'STUDENT_PHOTO__DELETE' });
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/en/student/${id}/photo/certificate`,
      headers: await t.as('admin'),
    });
    expect(cleared.json<Student>().certificatePhoto).toBeNull();
    expect(
      (await upload(id, 'certificate', { name: 'c.png', type: 'image/png', data: await png() }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an HTML file named .png', async () => {
    const [row] = await t.database.query<{ jwl_id: number }>(
      `select jwl_id from users where username = 'akuol.deng'`,
    );
    const res = await upload(row?.jwl_id ?? 0, 'profile', {
      name: 'x.png',
      type: 'image/png',
      data: Buffer.from('<!doctype html><p>hi'),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('facilitators, coordinators and users', () => {
  it('manages lead facilitators and lead faculty as their own lists, under their own rights', async () => {
    const manager = await t.as('operational_manager');
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/en/lead-facilitator',
      headers: manager,
      payload: {
        username: 'leila.h',
        firstName: 'Leila',
        lastName: 'Hamdan',
        email: null,
        clcIds: [kak],
        employeeType: 'onsite_facilitator',
      },
    });
    expect(lead.statusCode, lead.body).toBe(200);
    const saved = lead.json<Saved>().record;
    expect(saved).toMatchObject({
      roles: ['LEAD_FACILITATOR'],
      employeeType: 'onsite_facilitator',
    });
    const listOf = async (path: string, who: string) =>
      t.app.inject({ url: `/api/en/${path}?q=leila.h`, headers: await t.as(who) });
    expect((await listOf('lead-facilitator', 'operational_manager')).json()).toMatchObject({
      total: 1,
    });
    // Not a facilitator: FACILITATOR__EDIT does not reach a lead facilitator.
    expect((await listOf('facilitator', 'operational_manager')).json()).toMatchObject({
      total: 0,
    });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/en/lead-facilitator/${saved.id}`,
      headers: manager,
      payload: {
        version: saved.version,
        data: {
          username: 'leila.h',
          firstName: 'Leila',
          lastName: 'Hamdan-Saleh',
          email: null,
          clcIds: [kak],
          employeeType: 'onsite_facilitator',
        },
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const facilitator = await listOf('lead-facilitator', 'facilitator');
    expect(facilitator.json()).toMatchObject({ missingRight: 'LEAD_FACILITATOR__DISPLAY' });

    const faculty = await t.app.inject({
      method: 'POST',
      url: '/api/en/lead-faculty',
      headers: await t.as('academic_manager'),
      payload: { username: 'lucas.m', firstName: 'Lucas', lastName: 'Mendes', clcIds: [amm] },
    });
    expect(faculty.statusCode, faculty.body).toBe(200);
    expect(faculty.json<Saved>().record).toMatchObject({ roles: ['LEAD_FACULTY'] });
    const peer = await t.app.inject({
      method: 'POST',
      url: '/api/en/lead-faculty',
      headers: await t.as('lead_faculty'),
      payload: { username: 'lucas.n', firstName: 'Lucas', lastName: 'N', clcIds: [amm] },
    });
    expect(peer.json()).toMatchObject({ missingRight: 'LEAD_FACULTY__CREATE' });
  });

  it('creates a facilitator with an employee type, who is then in the facilitator list', async () => {
    const headers = await t.as('admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/facilitator',
      headers,
      payload: {
        username: 'omar.f',
        firstName: 'Omar',
        lastName: 'Farouk',
        email: null,
        clcIds: [amm],
        employeeType: 'onsite-online_facilitator',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Saved>().record).toMatchObject({
      roles: ['FACILITATOR'],
      employeeType: 'onsite-online_facilitator',
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/en/facilitator',
      headers,
      payload: {
        username: 'omar.g',
        firstName: 'O',
        lastName: 'F',
        clcIds: [amm],
        employeeType: 'teacher',
      },
    });
    expect(bad.json<{ fields: Record<string, string> }>().fields.employeeType).toBe(
      'Please select a valid option',
    );
    const list = (await t.app.inject({ url: '/api/en/facilitator?q=omar', headers })).json<{
      total: number;
    }>();
    expect(list.total).toBe(1);
  });

  it('gives a user several roles; a student who is also a facilitator is in both lists', async () => {
    const headers = await t.as('admin');
    const [row] = await t.database.query<{ jwl_id: number; version: number }>(
      `select jwl_id, version from users where username = 'akuol.deng'`,
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/en/user/${row?.jwl_id}`,
      headers,
      payload: {
        version: row?.version,
        data: {
          username: 'akuol.deng',
          firstName: 'Akuol',
          lastName: 'Deng',
          email: 'nyabol@example.org',
          clcIds: [kak],
          roles: ['STUDENT', 'FACILITATOR'],
          systemRole: 'user',
          status: 'active',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/en/facilitator?q=akuol', headers })).json<{
        total: number;
      }>().total,
    ).toBe(1);
    expect(
      (await t.app.inject({ url: '/api/en/student?q=akuol', headers })).json<{ total: number }>()
        .total,
    ).toBe(1);
  });

  it('locks a user: every sign-in of theirs ends', async () => {
    const headers = await t.as('admin');
    const session = await t.signIn('facilitator_2');
    const [row] = await t.database.query<{ jwl_id: number; version: number }>(
      `select jwl_id, version from users where username = 'facilitator_2'`,
    );
    const detail = (
      await t.app.inject({ url: `/api/en/user/${row?.jwl_id}`, headers })
    ).json<Student>();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/en/user/${row?.jwl_id}`,
      headers,
      payload: {
        version: detail.version,
        data: {
          username: detail.username,
          firstName: detail.firstName,
          lastName: detail.lastName,
          email: detail.email,
          clcIds: detail.clcs.map((c) => c.id),
          roles: detail.roles,
          systemRole: 'user',
          status: 'locked',
          employeeType: detail.employeeType,
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('lets only a super admin grant super admin rights', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/user',
      headers: await t.as('admin'),
      payload: {
        username: 'sneaky',
        firstName: 'S',
        lastName: 'N',
        clcIds: [kak],
        roles: ['SUPER_ADMIN'],
        systemRole: 'user',
        status: 'active',
      },
    });
    expect(res.statusCode).toBe(403);
    const body = res.json<{ code: string; detail: string }>();
    expect(body.code).toBe('ROLE_GRANT_DENIED');
    expect(body.detail).toMatch(/Only a super admin/);
  });

  it('offers CLCs in reach for selects, and the role list', async () => {
    const opts = (
      await t.app.inject({ url: '/api/en/clc-partner/options', headers: await t.as('coordinator') })
    ).json<{ items: { code: string }[]; complete: boolean }>();
    expect(opts).toEqual({ items: [expect.objectContaining({ code: 'KAK' })], complete: true });
    const roles = (
      await t.app.inject({ url: '/api/en/roles/options', headers: await t.as('admin') })
    ).json<{ key: string }[]>();
    expect(roles.map((r) => r.key)).toHaveLength(15);
  });
});
