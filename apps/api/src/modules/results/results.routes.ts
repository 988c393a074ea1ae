import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  programmeResultsSchema,
  resultsInputSchema,
  resultsSavedSchema,
} from '@lantern/contracts/results';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { idParams } from '../../lib/params';
import * as service from './results.service';

/** Course results and the proposed outcomes of review-grades (`:programme/finish`). */
export async function resultRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/programme/:id/results';

  r.get(base, {
    config: { access: { right: 'PROGRAMME__REVIEW_GRADES' } },
    schema: {
      tags: ['results'],
      summary: 'Every student’s course results, average, band and proposed outcome',
      params: idParams,
      response: { 200: programmeResultsSchema },
    },
    handler: async (request) => service.getResults(deps, authOf(request), request.params.id),
  });

  r.put(base, {
    config: { access: { right: 'PROGRAMME__REVIEW_GRADES' } },
    schema: {
      tags: ['results'],
      summary: 'Enters or clears course results of active students (all or nothing)',
      params: idParams,
      body: resultsInputSchema,
      response: { 200: resultsSavedSchema },
    },
    handler: async (request) =>
      service.saveResults(deps, authOf(request), request.params.id, request.body),
  });
}
