import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  securityActionInputSchema,
  securityPreviewSchema,
  securityRunInputSchema,
  securityRunSchema,
} from '@lantern/contracts/security-actions';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { localeParams } from '../../lib/params';
import * as service from './security-actions.service';

/** Security batch actions (page `security-actions`): USER__SECURITY_ACCESS. */
export async function securityActionRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/security-actions';
  const tags = ['administration'];
  const config = { access: { right: 'USER__SECURITY_ACCESS' as const } };

  r.post(`${base}/preview`, {
    config,
    schema: {
      tags,
      summary: 'Who a security action would change, and who it leaves out and why (a dry run)',
      params: localeParams,
      body: securityActionInputSchema,
      response: { 200: securityPreviewSchema },
    },
    handler: async (request) => service.preview(deps, authOf(request), request.body),
  });

  r.post(`${base}/run`, {
    config,
    schema: {
      tags,
      summary:
        'Applies a security action to the people its preview counted, with an audit row each',
      params: localeParams,
      body: securityRunInputSchema,
      response: { 200: securityRunSchema },
    },
    handler: async (request) => service.run(deps, authOf(request), request.body),
  });
}
