import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { getFile } from './files.repository';

export async function fileRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public, but only through a link the API signed for a signed-in user minutes ago.
  r.get('/api/files/:id', {
    config: { access: 'public' },
    schema: {
      tags: ['files'],
      summary: 'A protected file through its short-lived signed link',
      params: z.object({ id: z.uuid() }),
      querystring: z.object({
        expires: z.coerce.number().int(),
        signature: z.string().min(10).max(100),
      }),
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      if (!deps.files.verify(id, request.query.expires, request.query.signature)) {
        throw new AppError(
          403,
          'FORBIDDEN',
          'This link has expired. Reload the page to get a new one.',
        );
      }
      const file = await getFile(deps.db, id);
      if (!file) throw new AppError(404, 'NOT_FOUND', 'The file was not found.');
      const data = await deps.files.get(file.storageKey);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', `attachment; filename="${file.kind}"`)
        .header('cache-control', 'private, max-age=600')
        .send(data);
    },
  });
}
