import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema, messageSchema, tokenPairSchema } from '@lantern/contracts/auth';
import { errorBodySchema } from '@lantern/contracts/errors';
import {
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  imageUploadResultSchema,
  profileSchema,
  selectClcsSchema,
  selectRolesSchema,
  userApplicationRolesSchema,
} from '@lantern/contracts/profile';
import { authOf } from '../../plugins/auth';
import { uploadedFile } from '../../plugins/body';
import type { Deps } from '../../lib/deps';
import { localeParams } from '../../lib/params';
import * as service from './profile.service';

export async function profileRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { access: 'signedIn' } as const;

  r.get('/api/:locale/profile', {
    config: signedIn,
    schema: {
      tags: ['profile'],
      summary: 'The signed-in user’s profile',
      params: localeParams,
      response: { 200: profileSchema },
    },
    handler: async (request) => service.getProfile(deps, authOf(request)),
  });

  r.get('/api/:locale/profile/userApplicationRoles', {
    config: signedIn,
    schema: {
      tags: ['profile'],
      summary: 'The application roles the user may act in',
      params: localeParams,
      response: { 200: userApplicationRolesSchema },
    },
    handler: async (request) => ({
      possibleApplicationRoles: await service.listApplicationRoles(deps, authOf(request)),
    }),
  });

  r.post('/api/:locale/profile/rights-for-selected-roles', {
    config: signedIn,
    schema: {
      tags: ['profile'],
      summary: 'Act in one role (form field roles: a JSON list with exactly one role key)',
      params: localeParams,
      body: selectRolesSchema,
      response: { 200: userApplicationRolesSchema, 400: errorBodySchema },
    },
    handler: async (request) => {
      const [role] = request.body.roles;
      return {
        possibleApplicationRoles: await service.selectRole(deps, authOf(request), role ?? ''),
      };
    },
  });

  r.post('/api/:locale/profile/clcs', {
    config: signedIn,
    schema: {
      tags: ['profile'],
      summary: 'Narrow the CLCs this sign-in works in',
      params: localeParams,
      body: selectClcsSchema,
      response: { 200: messageSchema, 400: errorBodySchema },
    },
    handler: async (request) => {
      await service.selectClcs(deps, authOf(request), request.body.clcIds);
      return { message: 'Successfully updated' };
    },
  });

  r.post('/api/:locale/profile/change-password', {
    config: signedIn,
    schema: {
      tags: ['profile'],
      summary: 'Change the password; every sign-in ends and this device gets a new token pair',
      params: localeParams,
      body: changePasswordSchema,
      response: {
        200: tokenPairSchema.extend({ message: z.string() }),
        400: errorBodySchema,
        403: errorBodySchema,
      },
    },
    handler: async (request) => {
      const pair = await service.changePassword(
        deps,
        authOf(request),
        request.body,
        request.headers['user-agent'] ?? null,
      );
      return { ...pair, message: service.PASSWORD_CHANGED_MESSAGE };
    },
  });

  r.post('/api/:locale/profile/image-upload/:imageType?', {
    config: { ...signedIn, files: { maxBytes: MAX_IMAGE_BYTES } },
    schema: {
      tags: ['profile'],
      summary:
        'Upload one’s profile photo or (students) certificate photo: multipart field file, JPEG or PNG, each once',
      params: localeParams.extend({ imageType: z.enum(IMAGE_TYPES).default('profile') }),
      response: { 200: imageUploadResultSchema, 400: errorBodySchema, 409: errorBodySchema },
    },
    handler: async (request) => {
      const file = uploadedFile(request.body);
      const { imageType } = request.params;
      return {
        imageType,
        photo: await service.uploadOwnPhoto(deps, authOf(request), imageType, file),
      };
    },
  });
}
