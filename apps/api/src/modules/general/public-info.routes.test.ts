import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ HELPDESK_EMAIL: 'helpdesk@lantern.test' });
});
afterAll(async () => t.close());

describe('GET /public-api/1.0/public-info', () => {
  it('tells public pages the helpdesk address, the version and the acceptable-use page, without sign-in', async () => {
    const res = await t.app.inject({ url: '/public-api/1.0/public-info' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      version: '5.12.5',
      helpdeskEmail: 'helpdesk@lantern.test',
      acceptableUsePath: '/en/acceptable-use',
    });
  });
});
