import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { isRight } from '@lantern/contracts/rights';
import { rightLabel } from '@lantern/contracts/labels';
import { defaultRightsOf } from '@lantern/contracts/roles';
import { registerAuth } from '../src/plugins/auth';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** A concrete URL for a route pattern, with plausible parameter values. */
function concrete(url: string): string {
  return url
    .replace(':locale', 'en')
    .replace(':mode', 'sis')
    .replace(':x', 'john')
    .replace(':imageType?', 'profile')
    .replace(':id', '00000000-0000-4000-8000-000000000000');
}

describe('every route declares its access', () => {
  it('declares public, signedIn or one right of the catalogue', () => {
    const apiRoutes = t.routes.filter(
      (r) => !r.url.startsWith('/api/docs') && r.url !== '/*' && r.url !== '/',
    );
    expect(apiRoutes.length).toBeGreaterThan(10);
    for (const route of apiRoutes) {
      const { access } = route;
      const ok =
        access === 'public' ||
        access === 'signedIn' ||
        (typeof access === 'object' && isRight(access.right));
      expect(ok, `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('refuses at start-up a route that declares nothing', async () => {
    const app = Fastify();
    await registerAuth(app, { db: t.database.db, secret: 'x'.repeat(40) });
    expect(() => app.get('/api/undeclared', async () => 'hi')).toThrow(/declares no access/);
    await app.close();
  });

  it('answers 401 without a token on every route that is not public', async () => {
    for (const route of t.routes.filter(
      (r) => r.access && r.access !== 'public' && r.method !== 'HEAD',
    )) {
      const res = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 with the missing right on every right-gated route, for a user without it', async () => {
    const student = await t.as('student');
    // The student's own rights (the lms reading routes) are tried by the access matrix.
    const held = new Set<string>(defaultRightsOf('STUDENT'));
    const gated = t.routes.filter(
      (r) => typeof r.access === 'object' && r.method !== 'HEAD' && !held.has(r.access.right),
    );
    expect(gated.length).toBeGreaterThan(0);
    for (const route of gated) {
      const right = typeof route.access === 'object' ? route.access.right : '';
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: student,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'MISSING_RIGHT', missingRight: right });
      // People read the right's label; the code travels in missingRight (issue 14, point 19).
      expect(res.json<{ detail: string }>().detail).toContain(rightLabel(right));
    }
  });
});

describe('responses', () => {
  it('carry the security headers, with a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ url: '/api/get-current-version' });
    expect(res.json()).toEqual({ version: '5.12.5' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('answers an unknown API path with a 404 body in the error shape', async () => {
    const res = await t.app.inject({ url: '/api/en/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves an OpenAPI document listing the routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login_check', '/api/general/current-user/{mode}']),
    );
  });
});
