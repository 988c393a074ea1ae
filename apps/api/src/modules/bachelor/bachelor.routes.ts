import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bachelorSummarySchema } from '@lantern/contracts/bachelor';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { Deps } from '../../lib/deps';
import { idParams } from '../../lib/params';
import { bachelorSummary } from './bachelor.repository';

/** `programme/bachelor/:id`: what every bachelor page's header and menus read (0022). */
export async function bachelorRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const programme: ProgrammeType = 'bachelor';
  r.get('/api/:locale/programme/bachelor/:id', {
    config: { access: { right: 'PROGRAMME_ACADEMIC__DISPLAY' }, programme },
    schema: {
      tags: ['bachelor'],
      summary: 'A bachelor programme with its courses and terms',
      params: idParams,
      response: { 200: bachelorSummarySchema },
    },
    // The programme-scope hook has answered 404 for an id of another type or out of reach.
    handler: async (request) => bachelorSummary(deps.db, request.params.id),
  });
}
