import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authorisationSchema,
  ROLE_SCOPE_LABELS,
  roleCreateSchema,
  roleKeySchema,
  roleRightsSavedSchema,
  roleRightsUpdateSchema,
  roleSchema,
  roleUpdateSchema,
} from '@lantern/contracts/authorisation';
import { errorBodySchema } from '@lantern/contracts/errors';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { EXPORT_FORMATS, sendExport } from '../../lib/export';
import { localeParams } from '../../lib/params';
import * as repo from './authorisation.repository';
import * as service from './authorisation.service';

const tags = ['authorisation'];
const roleParams = localeParams.extend({ key: roleKeySchema });
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/**
 * Roles, rights and the role-to-right map. The three reads answer the same data, each behind the
 * right of its page (the matrix, the role list, the right list).
 */
export async function authorisationRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/authorisation';

  r.get(base, {
    config: { access: { right: 'AUTHORISATION__DISPLAY' } },
    schema: {
      tags,
      summary: 'Every role with its rights, and the rights catalogue: the matrix',
      params: localeParams,
      response: { 200: authorisationSchema },
    },
    handler: async () => service.getAuthorisation(deps),
  });

  r.get(`${base}/roles`, {
    config: { access: { right: 'ROLE__DISPLAY' } },
    schema: {
      tags,
      summary: 'The roles: key, label, scope, built-in, users holding it, its rights',
      params: localeParams,
      response: { 200: authorisationSchema },
    },
    handler: async () => service.getAuthorisation(deps),
  });

  r.get(`${base}/rights`, {
    config: { access: { right: 'RIGHT__DISPLAY' } },
    schema: {
      tags,
      summary: 'The rights catalogue, with the roles that hold each right',
      params: localeParams,
      response: { 200: authorisationSchema },
    },
    handler: async () => service.getAuthorisation(deps),
  });

  r.post(`${base}/roles`, {
    config: { access: { right: 'ROLE__CREATE' } },
    schema: {
      tags,
      summary: 'Create a role: a new key (upper snake case), a label and a scope; no rights yet',
      params: localeParams,
      body: roleCreateSchema,
      response: { 200: roleSchema, ...errors },
    },
    handler: async (request) => service.createRole(deps, authOf(request), request.body),
  });

  r.put(`${base}/roles/:key`, {
    config: { access: { right: 'ROLE__EDIT' } },
    schema: {
      tags,
      summary:
        'Relabel a role at the version the editor saw; a built-in role keeps its key (409 when stale)',
      params: roleParams,
      body: roleUpdateSchema,
      response: { 200: roleSchema, ...errors },
    },
    handler: async (request) =>
      service.updateRole(deps, authOf(request), request.params.key, request.body),
  });

  r.put(`${base}/roles/:key/rights`, {
    config: { access: { right: 'ROLE_TO_RIGHT__EDIT' } },
    schema: {
      tags,
      summary:
        'Set the rights a role holds; its users have them at their next request (409 when stale)',
      params: roleParams,
      body: roleRightsUpdateSchema,
      response: { 200: roleRightsSavedSchema, ...errors },
    },
    handler: async (request) =>
      service.updateRoleRights(deps, authOf(request), request.params.key, request.body),
  });

  r.get(`${base}/export/:format`, {
    config: { access: { right: 'ROLE_TO_RIGHT__EXPORT' } },
    schema: {
      tags,
      summary: 'The role-to-right map as CSV or XLSX: one row per role and right it holds',
      params: localeParams.extend({ format: z.enum(EXPORT_FORMATS) }),
    },
    handler: async (request, reply) => {
      const pairs = await repo.findRoleRightPairs(deps.db);
      return sendExport(reply, {
        format: request.params.format,
        filename: 'role-rights',
        batches: (async function* () {
          yield pairs;
        })(),
        columns: [
          { header: 'Role', value: (p) => p.role_key },
          { header: 'Label', value: (p) => p.label },
          { header: 'Scope', value: (p) => ROLE_SCOPE_LABELS[p.scope] },
          { header: 'Built-in', value: (p) => (p.is_built_in ? 'yes' : 'no') },
          { header: 'Right', value: (p) => p.right_key },
          { header: 'Family', value: (p) => p.family },
          { header: 'Action', value: (p) => p.action },
        ],
      });
    },
  });
}
