import type { FastifyInstance, FastifyReply } from 'fastify';

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

/**
 * `Cross-Origin-Opener-Policy` (decision 0020, "As built (trainings from real authoring
 * tools)"): the app's own HTML pages — the web app's document, where a training's frame lives —
 * say `same-origin-allow-popups`, so a window a training opens from its content-origin frame
 * (Storyline's "open in a new window") keeps its opener and finds the runtime through it; the
 * frame's sandbox still keeps that window from navigating the app or escaping the sandbox.
 * Every other response, the API documentation included, stays `same-origin`.
 */
function openerPolicy(
  url: string,
  reply: FastifyReply,
  options: { docsPrefix: string },
): 'same-origin' | 'same-origin-allow-popups' {
  const type = reply.getHeader('content-type');
  const html = typeof type === 'string' && type.toLowerCase().startsWith('text/html');
  return html && !url.startsWith(options.docsPrefix) ? 'same-origin-allow-popups' : 'same-origin';
}

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
    void reply.header('cross-origin-opener-policy', openerPolicy(request.url, reply, options));
    void reply.header('permissions-policy', 'camera=(), microphone=(self), geolocation=()');
    if (request.protocol === 'https')
      void reply.header('strict-transport-security', 'max-age=31536000');
  });
}
