import type { FastifyInstance } from 'fastify';

/**
 * Tokens live in local storage (spec §9), so no script may run but our own: a strict CSP with
 * no inline script. Styles allow inline attributes, which the component library sets.
 */
const policy = (videoHosts: readonly string[], contentOrigin: string | null) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // A voice recording is played back from a blob: URL before it is sent (decision 0020 §1.7).
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Videos of a unit come only from the configured hosts (LANTERN_VIDEO_HOSTS, decision 0019);
    // trainings play in a frame of the content origin (decision 0020 §1.7).
    ['frame-src', "'self'", ...videoHosts, ...(contentOrigin ? [contentOrigin] : [])].join(' '),
  ].join('; ');

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { docsPrefix: string; videoHosts?: readonly string[]; contentOrigin?: string | null },
): void {
  const CSP = policy(options.videoHosts ?? [], options.contentOrigin ?? null);
  app.addHook('onSend', async (request, reply) => {
    // The API documentation viewer sets its own policy, with hashes for its scripts; a file
    // shown inline sets a stricter one of its own (it may be framed by our pages only).
    if (!request.url.startsWith(options.docsPrefix) && !reply.hasHeader('content-security-policy'))
      void reply.header('content-security-policy', CSP);
    void reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('x-frame-options')) void reply.header('x-frame-options', 'DENY');
    void reply.header('referrer-policy', 'same-origin');
    void reply.header('cross-origin-opener-policy', 'same-origin');
    void reply.header('permissions-policy', 'camera=(), microphone=(self), geolocation=()');
    if (request.protocol === 'https')
      void reply.header('strict-transport-security', 'max-age=31536000');
  });
}
