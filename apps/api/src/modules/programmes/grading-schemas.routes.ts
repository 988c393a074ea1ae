import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gradingSchemaInputSchema, gradingSchemaSchema } from '@lantern/contracts/programme';
import { errorBodySchema } from '@lantern/contracts/errors';
import { DROPDOWN_OPTIONS_LIMIT } from '@lantern/contracts/constants';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { idParams, localeParams } from '../../lib/params';
import * as repo from './grading-schemas.repository';
import * as service from './grading-schemas.service';

/** The edit form sends the fields and the version it saw, side by side like a programme's. */
const gradingSchemaUpdateSchema = gradingSchemaInputSchema.and(
  z.object({ version: z.coerce.number().int().positive() }),
);

export function gradingSchemaRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/grading-schema';
  const tags = ['programmes'];

  r.get(base, {
    config: { access: { right: 'PROGRAMME__DISPLAY' } },
    schema: {
      tags,
      summary: `Grading schemas by name (at most ${DROPDOWN_OPTIONS_LIMIT}), with how many programmes use each`,
      params: localeParams,
      response: { 200: z.array(gradingSchemaSchema) },
    },
    handler: async () => repo.findGradingSchemas(deps.db),
  });

  r.post(base, {
    config: { access: { right: 'PROGRAMME__CREATE' } },
    schema: {
      tags,
      summary: 'Create a grading schema (names are unique whatever their case)',
      params: localeParams,
      body: gradingSchemaInputSchema,
      response: { 200: gradingSchemaSchema, 400: errorBodySchema },
    },
    handler: async (request) => service.createGradingSchema(deps, authOf(request), request.body),
  });

  r.put(`${base}/:id`, {
    config: { access: { right: 'PROGRAMME__EDIT' } },
    schema: {
      tags,
      summary:
        'Edit a grading schema at the version the editor saw (409 when someone else changed it)',
      params: idParams,
      body: gradingSchemaUpdateSchema,
      response: {
        200: gradingSchemaSchema,
        400: errorBodySchema,
        404: errorBodySchema,
        409: errorBodySchema,
      },
    },
    handler: async (request) => {
      const { version, ...data } = request.body;
      return service.updateGradingSchema(deps, authOf(request), request.params.id, version, data);
    },
  });
}
