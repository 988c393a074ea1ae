import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Paths the SPA never answers: an unknown one there is a 404, not the app shell. */
const SERVER_PREFIXES = ['/api/', '/public-api/', '/forgot-password/'];

/**
 * Serves the built SPA: hashed assets for a year, and index.html (never cached) for every other
 * GET so that client routes survive a reload.
 */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<boolean> {
  if (!existsSync(`${dist}/index.html`)) return false;
  await app.register(fastifyStatic, {
    root: dist,
    // One '/*' route serves every file; a path that is no file falls to the SPA shell.
    wildcard: true,
    index: false,
    // The web build writes .br and .gz beside every asset; send those to browsers that accept them.
    preCompressed: true,
    setHeaders: (reply, path) => {
      void reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/', { config: { access: 'public' } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html'),
  );
  return true;
}

export function isSpaPath(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !SERVER_PREFIXES.some((p) => url.startsWith(p));
}
