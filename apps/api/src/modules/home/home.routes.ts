import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { homeSummarySchema } from '@lantern/contracts/home';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { localeParams } from '../../lib/params';
import { getHomeSummary } from './home.service';

export async function homeRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/:locale/home/summary', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['home'],
      summary: 'The start page of the signed-in user',
      params: localeParams,
      response: { 200: homeSummarySchema },
    },
    handler: async (request) => getHomeSummary(deps, authOf(request)),
  });
}
