import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION, IMPERSONATION_SEARCH_MIN_CHARS } from '@lantern/contracts/constants';
import {
  ACCEPTABLE_USE_PATH,
  baseDataSchema,
  impersonatorSchema,
  localeUpdateSchema,
  publicInfoSchema,
  versionSchema,
} from '@lantern/contracts/current-user';
import { errorBodySchema } from '@lantern/contracts/errors';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { getBaseData, updateLocale } from './general.service';
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

  r.get('/api/general/current-user/sis', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['general'],
      summary: 'Base data of sis mode: the current user, their menu and the system data at start',
      response: { 200: baseDataSchema, 401: errorBodySchema },
    },
    handler: async (request) => getBaseData(deps, authOf(request), 'sis'),
  });

  // lms mode is its own route with its own right (decision 0019); system role manager is
  // refused inside, whatever its rights (spec §3), which one declared right cannot say.
  r.get('/api/general/current-user/lms', {
    config: { access: { right: 'GENERAL_LMS__DISPLAY' } },
    schema: {
      tags: ['general'],
      summary:
        'Base data of lms mode: the user with their language and learning flags, the lms menu, the lms system data',
      response: { 200: baseDataSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async (request) => getBaseData(deps, authOf(request), 'lms'),
  });

  r.put('/api/general/current-user/locale', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['general'],
      summary: 'Keeps the language the person chose in the lms (en, es, ar)',
      body: localeUpdateSchema,
      response: { 200: localeUpdateSchema, 400: errorBodySchema, 401: errorBodySchema },
    },
    handler: async (request) => updateLocale(deps, authOf(request), request.body.locale),
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
