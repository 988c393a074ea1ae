import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security';

/**
 * The opener policy (decision 0020, "As built (trainings from real authoring tools)"): the app's
 * HTML pages let a training's window keep its opener; every other response stays `same-origin`.
 */

const app = Fastify();

beforeAll(async () => {
  registerSecurityHeaders(app, { docsPrefix: '/api/doc', contentOrigin: 'http://content.test' });
  app.get('/unit_wbt/1', (_request, reply) =>
    reply.type('text/html; charset=utf-8').send('<!doctype html><title>Lantern</title>'),
  );
  app.get('/api/en/profile', () => ({ ok: true }));
  app.get('/api/doc/', (_request, reply) =>
    reply.type('text/html; charset=utf-8').send('<!doctype html><title>API</title>'),
  );
  app.get('/assets/app.js', (_request, reply) =>
    reply.type('text/javascript').send('console.log(1)'),
  );
  await app.ready();
});
afterAll(async () => app.close());

describe('Cross-Origin-Opener-Policy', () => {
  it('lets the app’s page keep the windows a training opens, and nothing else', async () => {
    const page = await app.inject({ url: '/unit_wbt/1' });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // The page's other protections stay as they were.
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(page.headers['content-security-policy'])).toContain("connect-src 'self'");
    for (const url of ['/api/en/profile', '/api/doc/', '/assets/app.js']) {
      const res = await app.inject({ url });
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });
});
