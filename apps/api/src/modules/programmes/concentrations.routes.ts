import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { concentrationsSchema } from '@lantern/contracts/programme';
import { errorBodySchema } from '@lantern/contracts/errors';
import { VALIDATION } from '@lantern/contracts/messages';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import * as service from './concentrations.service';

export function concentrationRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['programmes'];

  r.get('/api/general/concentrations', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary:
        'Programmes the user may see, grouped: professional, bachelor, language, orientation (spec §3)',
      response: { 200: concentrationsSchema },
    },
    handler: async (request) => service.getConcentrations(deps, authOf(request)),
  });

  r.get('/api/general/concentrations-personalized/:id', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary:
        'A person’s own programmes (applied, studying, finished, or teaching a class); others’ need PROGRAMME__DISPLAY',
      params: z.object({
        id: z.coerce.number({ error: VALIDATION.number }).int().positive().max(2_147_483_647),
      }),
      response: { 200: concentrationsSchema, 403: errorBodySchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      service.getPersonalConcentrations(deps, authOf(request), request.params.id),
  });
}
