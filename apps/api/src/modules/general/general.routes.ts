import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION, IMPERSONATION_SEARCH_MIN_CHARS } from '@lantern/contracts/constants';
import {
  ACCEPTABLE_USE_PATH,
  baseDataSchema,
  impersonatorSchema,
  publicInfoSchema,
  versionSchema,
} from '@lantern/contracts/current-user';
import { MODES } from '@lantern/contracts/enums';
import { errorBodySchema } from '@lantern/contracts/errors';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { getBaseData } from './general.service';
import { searchImpersonationTargets } from './general.repository';
import { assertCanImpersonate } from '../../lib/grants';

export async function generalRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/get-current-version', {
    config: { access: 'public' },
    schema: {
      tags: ['general'],
      summary: 'The version of the app the server runs',
      response: { 200: versionSchema },
    },
    handler: async () => ({ version: APP_VERSION }),
  });

  r.get('/public-api/1.0/public-info', {
    config: { access: 'public' },
    schema: {
      tags: ['general'],
      summary: 'What public pages show: the helpdesk address, the version, the acceptable-use page',
      response: { 200: publicInfoSchema },
    },
    handler: async () => ({
      version: APP_VERSION,
      helpdeskEmail: deps.config.helpdeskEmail,
      acceptableUsePath: ACCEPTABLE_USE_PATH,
    }),
  });

  r.get('/api/general/current-user/:mode', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['general'],
      summary: 'Base data: the current user, their menu and the system data the web needs at start',
      params: z.object({ mode: z.enum(MODES) }),
      response: { 200: baseDataSchema, 401: errorBodySchema },
    },
    handler: async (request) => getBaseData(deps, authOf(request), request.params.mode),
  });

  // Declared signedIn with the check inside: who may impersonate is `canImpersonate` (the
  // system role superAdmin, or USER__IMPERSONATE in the acting role), the same function that
  // `_switch_user` calls, which one declared right cannot say. The access matrix knows this.
  r.post('/api/general/impersonators/:x', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['general'],
      summary: 'Users the caller may act as, matching a search of more than 3 characters',
      params: z.object({
        x: z
          .string()
          .trim()
          .min(IMPERSONATION_SEARCH_MIN_CHARS, ERROR_TEXTS.impersonationSearchTooShort)
          .max(100),
      }),
      response: { 200: z.array(impersonatorSchema), 403: errorBodySchema },
    },
    handler: async (request) => {
      const { realUser } = authOf(request);
      assertCanImpersonate(realUser);
      return searchImpersonationTargets(deps.db, request.params.x, realUser.jwlId);
    },
  });
}
