import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiTokenCreatedSchema,
  apiTokenInputSchema,
  apiTokenListSchema,
  apiTokenQuerySchema,
  apiTokenSchema,
  apiTokenUserListSchema,
  apiTokenUserQuerySchema,
} from '@lantern/contracts/bachelor-integration';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { localeParams } from '../../lib/params';
import * as service from './api-tokens.service';

/**
 * Integration API tokens (decision 0022, as built: integration): an admin with
 * USER__SECURITY_ACCESS (the right of the security pages: sessions, locks, passwords) lists,
 * creates and revokes them.
 */
export async function apiTokenRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { right: 'USER__SECURITY_ACCESS' as const } };
  const tags = ['api-tokens'];

  r.get('/api/:locale/api-tokens', {
    config,
    schema: {
      tags,
      summary: 'The integration API tokens (never their secret), searched, filtered and paged',
      params: localeParams,
      querystring: apiTokenQuerySchema,
      response: { 200: apiTokenListSchema },
    },
    handler: async (request) => service.listTokens(deps, request.query),
  });

  r.get('/api/:locale/api-tokens/users', {
    config,
    schema: {
      tags,
      summary:
        'The users a token may be made for (holding BA_API__DISPLAY), or with kind=holders those who hold a token',
      params: localeParams,
      querystring: apiTokenUserQuerySchema,
      response: { 200: apiTokenUserListSchema },
    },
    handler: async (request) => service.tokenUsers(deps, request.query),
  });

  r.post('/api/:locale/api-tokens', {
    config,
    schema: {
      tags,
      summary: 'Creates a token; the answer shows it once, only its hash is kept',
      params: localeParams,
      body: apiTokenInputSchema,
      response: { 200: apiTokenCreatedSchema },
    },
    handler: async (request) => service.createToken(deps, authOf(request), request.body),
  });

  r.post('/api/:locale/api-tokens/:tokenId/revoke', {
    config,
    schema: {
      tags,
      summary: 'Revokes a token: it answers 401 from now on',
      params: localeParams.extend({
        tokenId: z.coerce.number().int().positive().max(2_147_483_647),
      }),
      response: { 200: apiTokenSchema },
    },
    handler: async (request) => service.revokeToken(deps, authOf(request), request.params.tokenId),
  });
}
