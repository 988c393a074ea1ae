import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  forgotPasswordInitSchema,
  loginSchema,
  messageSchema,
  refreshSchema,
  checkResetTokenSchema,
  resetPasswordSchema,
  tokenValiditySchema,
  tokenPairSchema,
} from '@lantern/contracts/auth';
import { errorBodySchema } from '@lantern/contracts/errors';
import type { Deps } from '../../lib/deps';
import { idParams } from '../../lib/params';
import { authOf } from '../../plugins/auth';
import * as service from './auth.service';

export async function authRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/login_check', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Sign in; answers an access token (15 minutes) and a refresh token',
      body: loginSchema,
      response: { 200: tokenPairSchema, 401: errorBodySchema, 429: errorBodySchema },
    },
    handler: async (request) =>
      service.signIn(deps, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
  });

  r.post('/api/token/refresh', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary:
        'Rotate the refresh token (form body refresh_token); a replayed token ends the sign-in',
      body: refreshSchema,
      response: { 200: tokenPairSchema, 401: errorBodySchema },
    },
    handler: async (request) => service.refresh(deps, request.body.refresh_token, request.ip),
  });

  r.post('/api/token/revoke', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Sign out: end the sign-in of this refresh token',
      body: refreshSchema,
      response: { 200: messageSchema },
    },
    handler: async (request) => {
      await service.signOut(deps, request.body.refresh_token, request.ip);
      return { message: 'Signed out.' };
    },
  });

  r.post('/forgot-password/init', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary:
        'Mail a one-time link to set a new password; the same answer whether or not the account exists',
      body: forgotPasswordInitSchema,
      response: { 200: messageSchema },
    },
    handler: async (request) => {
      await service.startPasswordReset(deps, {
        usernameOrEmail: request.body.usernameOrEmail,
        ip: request.ip,
      });
      return { message: service.FORGOT_PASSWORD_MESSAGE };
    },
  });

  r.post('/forgot-password/check', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Whether a one-time reset link still works (its page asks when it opens)',
      body: checkResetTokenSchema,
      response: { 200: tokenValiditySchema },
    },
    handler: async (request) => ({
      valid: await service.isResetTokenOpen(deps, request.body.token),
    }),
  });

  r.post('/forgot-password/reset', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with the one-time token from the mail',
      body: resetPasswordSchema,
      response: { 200: messageSchema, 400: errorBodySchema },
    },
    handler: async (request) => {
      await service.completePasswordReset(deps, { ...request.body, ip: request.ip });
      return { message: service.RESET_DONE_MESSAGE };
    },
  });

  r.post('/api/:locale/user/:id/password-reset', {
    config: { access: { right: 'PASSWORD_RESET__EDIT' } },
    schema: {
      tags: ['auth'],
      summary:
        'Mail a person in reach a one-time link to set a new password (only for people whose every role the sender could grant)',
      params: idParams,
      response: {
        200: messageSchema,
        400: errorBodySchema,
        403: errorBodySchema,
        404: errorBodySchema,
        429: errorBodySchema,
      },
    },
    handler: async (request) =>
      service.sendPasswordResetLink(deps, authOf(request), request.params.id),
  });
}
