import type { FastifyInstance } from 'fastify';

/**
 * Answers to requests that carry a bearer token (grades, attempts, people) are the reader's
 * own: `Cache-Control: no-store`, so none comes back from the browser's cache on a shared
 * phone after sign-out. A route that sets its own caching keeps it — there are two, both safe
 * for the next person: the learning pages' ETag revalidation (`private, no-cache`, decision
 * 0019; the tag carries the reader, so another user never matches it) and signed file links'
 * short private caching (`private, max-age=600`; the link is the credential, not the token).
 */
export function registerPrivateCaching(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const authorization = request.headers.authorization;
    if (typeof authorization !== 'string' || !/^bearer\s/i.test(authorization)) return;
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });
}
