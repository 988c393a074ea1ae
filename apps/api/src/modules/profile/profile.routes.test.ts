import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { BaseData } from '@lantern/contracts/current-user';
import { buildTestApp, multipart, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const me = async (authorization: { authorization: string }) =>
  (
    await t.app.inject({ url: '/api/general/current-user/sis', headers: authorization })
  ).json<BaseData>();

describe('role picker', () => {
  it('lists the roles the user holds, the active one marked', async () => {
    const res = await t.app.inject({
      url: '/api/en/profile/userApplicationRoles',
      headers: await t.as('lead_coordinator'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      possibleApplicationRoles: [
        { key: 'LEAD_COORDINATOR', label: 'Lead Coordinator', scope: 'own_clcs', active: true },
        { key: 'COORDINATOR', label: 'Coordinator', scope: 'own_clcs', active: false },
      ],
    });
  });

  it('makes one role active from a form field holding a JSON list; only this sign-in changes', async () => {
    const phone = await t.as('lead_coordinator');
    const laptop = await t.as('lead_coordinator');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/rights-for-selected-roles',
      headers: { ...laptop, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `roles=${encodeURIComponent('["COORDINATOR"]')}`,
    });
    expect(res.statusCode).toBe(200);
    const onLaptop = await me(laptop);
    expect(onLaptop.user.activeRole).toBe('COORDINATOR');
    expect(onLaptop.user.applicationRights).not.toContain('COORDINATOR__EDIT');
    expect((await me(phone)).user.activeRole).toBe('LEAD_COORDINATOR');
    // The next sign-in starts in the role chosen last.
    expect((await me(await t.as('lead_coordinator'))).user.activeRole).toBe('COORDINATOR');
  });

  it('accepts the same list as multipart and as JSON', async () => {
    const headers = await t.as('lead_coordinator');
    const mp = multipart({ roles: '["LEAD_COORDINATOR"]' });
    const multi = await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/rights-for-selected-roles',
      payload: mp.payload,
      headers: { ...headers, ...mp.headers },
    });
    expect(multi.statusCode).toBe(200);
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/rights-for-selected-roles',
      headers,
      payload: { roles: ['COORDINATOR'] },
    });
    expect(asJson.statusCode).toBe(200);
  });

  it('refuses two roles, none, a role not held and text that is no list, with 400 on the field', async () => {
    const headers = await t.as('lead_coordinator');
    for (const roles of [['LEAD_COORDINATOR', 'COORDINATOR'], [], ['ADMIN'], 'COORDINATOR']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/en/profile/rights-for-selected-roles',
        headers,
        payload: { roles },
      });
      expect(res.statusCode, JSON.stringify(roles)).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields).toHaveProperty('roles');
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/rights-for-selected-roles',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'roles=COORDINATOR',
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('CLC narrowing', () => {
  it('narrows the CLCs of this sign-in to some of the user’s own', async () => {
    const headers = await t.as('lead_coordinator');
    const before = await me(headers);
    expect(before.user.allClcs.map((c) => c.code).sort()).toEqual(['DZA', 'KAK']);
    const kak = before.user.allClcs.find((c) => c.code === 'KAK')?.id ?? 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/clcs',
      headers,
      payload: { clcIds: [kak] },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(headers)).user.clcs.map((c) => c.code)).toEqual(['KAK']);
  });

  it('refuses a CLC the user does not belong to, and an empty choice', async () => {
    const headers = await t.as('coordinator');
    const [amm] = await t.database.query<{ id: number }>(`select id from clcs where code = 'AMM'`);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/en/profile/clcs',
          headers,
          payload: { clcIds: [amm?.id] },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/en/profile/clcs',
          headers,
          payload: { clcIds: [] },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('profile and password', () => {
  it('shows the profile with the JWL-ID and roles', async () => {
    const res = await t.app.inject({ url: '/api/en/profile', headers: await t.as('facilitator') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'facilitator',
      employeeType: 'onsite_facilitator',
      canUploadPhoto: true,
      profilePhoto: null,
      // A facilitator has no student record, so no certificate photo.
      certificatePhoto: null,
      canUploadCertificatePhoto: false,
    });
  });

  it('changes the password: the current one is checked, every other sign-in ends', async () => {
    const other = await t.signIn('lead_facilitator');
    const headers = await t.as('lead_facilitator');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/change-password',
      headers,
      payload: { currentPassword: 'nope', newPassword: 'a-new-password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ fields: Record<string, string> }>().fields).toHaveProperty(
      'currentPassword',
    );
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/change-password',
      headers,
      payload: { currentPassword: 'lantern-demo', newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ fields: Record<string, string> }>().fields).toHaveProperty('newPassword');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/change-password',
      headers,
      payload: { currentPassword: 'lantern-demo', newPassword: 'a-new-password-1' },
    });
    expect(ok.statusCode).toBe(200);
    const pair = ok.json<{ token: string }>();
    expect(
      (
        await t.app.inject({
          url: '/api/en/profile',
          headers: { authorization: `Bearer ${other.token}` },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          url: '/api/en/profile',
          headers: { authorization: `Bearer ${pair.token}` },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login_check',
          payload: { username: 'lead_facilitator', password: 'a-new-password-1' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a password change while impersonating', async () => {
    const headers = await t.as('super_admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/change-password?_switch_user=faculty',
      headers,
      payload: { currentPassword: 'lantern-demo', newPassword: 'another-password' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toBe(
      'Password change is not allowed while impersonating.',
    );
  });
});

describe('profile photo', () => {
  const png = () =>
    sharp({ create: { width: 120, height: 90, channels: 3, background: '#c05020' } })
      .png()
      .toBuffer();
  const upload = (
    headers: { authorization: string },
    file: { name: string; type: string; data: Buffer },
    imageType = 'profile',
  ) => {
    const mp = multipart({}, { file });
    return t.app.inject({
      method: 'POST',
      url: `/api/en/profile/image-upload/${imageType}`,
      payload: mp.payload,
      headers: { ...headers, ...mp.headers },
    });
  };

  it('takes a PNG once, serves it through a signed link, and refuses a second upload', async () => {
    const headers = await t.as('student');
    const first = await upload(headers, { name: 'me.png', type: 'image/png', data: await png() });
    expect(first.statusCode).toBe(200);
    expect(first.json<{ imageType: string }>().imageType).toBe('profile');
    const url = first.json<{ photo: string }>().photo;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(
      (await t.app.inject({ url: url.replace(/signature=.{4}/, 'signature=AAAA') })).statusCode,
    ).toBe(403);
    const second = await upload(headers, { name: 'me2.png', type: 'image/png', data: await png() });
    expect(second.statusCode).toBe(409);
    expect(second.json<{ detail: string }>().detail).toMatch(/helpdesk/);
  });

  it('takes a student’s certificate photo once too, beside the profile photo (spec §5)', async () => {
    const headers = await t.as('student_2');
    const before = await t.app.inject({ url: '/api/en/profile', headers });
    expect(before.json()).toMatchObject({
      certificatePhoto: null,
      canUploadCertificatePhoto: true,
    });
    const first = await upload(
      headers,
      { name: 'c.png', type: 'image/png', data: await png() },
      'certificate',
    );
    expect(first.statusCode).toBe(200);
    expect(first.json<{ imageType: string }>().imageType).toBe('certificate');
    const after = await t.app.inject({ url: '/api/en/profile', headers });
    expect(after.json()).toMatchObject({ canUploadCertificatePhoto: false, canUploadPhoto: true });
    expect(after.json<{ certificatePhoto: string }>().certificatePhoto).toMatch(/^\/api\/files\//);
    const [row] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from student_profiles sp join users u on u.jwl_id = sp.user_id
        where u.username = 'student_2' and sp.certificate_photo_file_id is not null`,
    );
    expect(row?.n).toBe(1);
    // Once only: a change is a helpdesk request.
    const second = await upload(
      headers,
      { name: 'c2.png', type: 'image/png', data: await png() },
      'certificate',
    );
    expect(second.statusCode).toBe(409);
    expect(second.json<{ detail: string }>().detail).toMatch(/helpdesk/);
  });

  it('refuses a certificate photo from someone without a student record, and an unknown type', async () => {
    const headers = await t.as('coordinator');
    const res = await upload(
      headers,
      { name: 'c.png', type: 'image/png', data: await png() },
      'certificate',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toBe('Only students have a certificate photo.');
    const other = await upload(
      headers,
      { name: 'c.png', type: 'image/png', data: await png() },
      'passport',
    );
    expect(other.statusCode).toBe(400);
  });

  it('judges the file by its content: text named .png is refused, and nothing is saved', async () => {
    const headers = await t.as('student_2');
    const res = await upload(headers, {
      name: 'photo.png',
      type: 'image/png',
      data: Buffer.from('this is not an image at all'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields.file).toBe(
      'File must be a valid file',
    );
    const profile = await t.app.inject({ url: '/api/en/profile', headers });
    expect(profile.json<{ canUploadPhoto: boolean }>().canUploadPhoto).toBe(true);
  });

  it('strips metadata by re-encoding', async () => {
    const headers = await t.as('facilitator_2');
    const withExif = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#123456' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location-data' } } })
      .toBuffer();
    expect(withExif.includes(Buffer.from('secret-location-data'))).toBe(true);
    const res = await upload(headers, { name: 'x.jpg', type: 'image/jpeg', data: withExif });
    expect(res.statusCode).toBe(200);
    const stored = await t.app.inject({ url: res.json<{ photo: string }>().photo });
    expect(stored.rawPayload.includes(Buffer.from('secret-location-data'))).toBe(false);
  });

  it('refuses a file over the photo cap with 413 and stores nothing', async () => {
    const headers = await t.as('lead_faculty');
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from files');
    const big = Buffer.concat([await png(), Buffer.alloc(21 * 1024 * 1024)]);
    const res = await upload(headers, { name: 'huge.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    const after = await t.database.query<{ n: number }>('select count(*)::int as n from files');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('asks for a file when none is sent', async () => {
    const headers = await t.as('coordinator_2');
    const mp = multipart({ other: 'x' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/en/profile/image-upload',
      payload: mp.payload,
      headers: { ...headers, ...mp.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields.file).toBe(
      'Please add a file first',
    );
  });
});
