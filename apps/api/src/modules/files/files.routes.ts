import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { getFile } from './files.repository';
import { contentDisposition, mayShowInline, parseRange } from './range';

/** A file shown inline runs nothing and may be framed by our own pages only (the grade page). */
const INLINE_CSP = "default-src 'none'; frame-ancestors 'self'";

export async function fileRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public, but only through a link the API signed for a signed-in user minutes ago. Byte
  // ranges let a video or a long PDF start at once and a broken download go on.
  r.get('/api/files/:id', {
    config: { access: 'public' },
    schema: {
      tags: ['files'],
      summary: 'A protected file through its short-lived signed link (byte ranges answered)',
      params: z.object({ id: z.uuid() }),
      querystring: z.object({
        expires: z.coerce.number().int(),
        inline: z.literal('1').optional(),
        signature: z.string().min(10).max(100),
      }),
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const inlineLink = request.query.inline === '1';
      const link = {
        expires: request.query.expires,
        signature: request.query.signature,
        inline: inlineLink,
      };
      if (!deps.files.verify(id, link)) {
        throw new AppError(
          403,
          'FORBIDDEN',
          'This link has expired. Reload the page to get a new one.',
        );
      }
      const file = await getFile(deps.db, id);
      if (!file) throw new AppError(404, 'NOT_FOUND', 'The file was not found.');
      const inline = inlineLink && mayShowInline(file.mime);
      void reply
        .header('accept-ranges', 'bytes')
        .header('etag', `"${file.sha256}"`)
        .header('cache-control', 'private, max-age=600')
        .header(
          'content-disposition',
          contentDisposition(inline ? 'inline' : 'attachment', file.name),
        );
      if (inline) {
        void reply
          .header('content-security-policy', INLINE_CSP)
          .header('x-frame-options', 'SAMEORIGIN');
      }
      const range = parseRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') {
        return reply
          .code(416)
          .removeHeader('content-disposition')
          .header('content-range', `bytes */${file.size}`)
          .send({
            detail: `The file has ${file.size} bytes: that range is outside it.`,
            code: 'VALIDATION',
          });
      }
      const stream = await deps.files.get(file.storageKey, range ?? undefined).catch(() => {
        throw new AppError(404, 'NOT_FOUND', 'The file was not found.');
      });
      void reply.header('content-type', file.mime);
      if (!range) return reply.header('content-length', file.size).send(stream);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(stream);
    },
  });
}
