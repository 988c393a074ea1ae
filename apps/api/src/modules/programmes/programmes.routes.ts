import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROGRAMME_ACTION_KEYS,
  PROGRAMME_ACTIONS,
  programmeInputSchema,
  programmeListQuerySchema,
  programmePageSchema,
  programmeSchema,
  programmeTransitionSchema,
  programmeUpdateSchema,
  PROGRAMME_TYPE_PATHS,
  type ProgrammeType,
} from '@lantern/contracts/programme';
import { historyEntrySchema } from '@lantern/contracts/clc';
import { errorBodySchema } from '@lantern/contracts/errors';
import type { Right } from '@lantern/contracts/rights';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { idParams, localeParams } from '../../lib/params';
import { clcScope } from '../../lib/scope';
import { findHistory } from '../../lib/history';
import { notFound } from '../../lib/errors';
import * as service from './programmes.service';
import { actionPath, moveProgramme } from './programmes.transitions';
import { getProgrammeState } from './programmes.repository';
import { gradingSchemaRoutes } from './grading-schemas.routes';
import { concentrationRoutes } from './concentrations.routes';

/** The list tabs of spec §2: the path names the type, and each has its display right. */
const LISTS: { path: string; type: ProgrammeType; right: Right; label: string }[] = [
  {
    path: 'professional-certificate',
    type: 'professional',
    right: 'PROGRAMME_PROFESSIONAL__DISPLAY',
    label: 'Professional certificates',
  },
  { path: 'bachelor', type: 'bachelor', right: 'PROGRAMME_ACADEMIC__DISPLAY', label: 'Bachelors' },
];

const tags = ['programmes'];
const errors = {
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

function listRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const list of LISTS) {
    r.get(`/api/:locale/programme/${list.path}`, {
      config: { access: { right: list.right } },
      schema: {
        tags,
        summary: `${list.label} in scope: search code, title or internal name; filter; sort; page (≤ 100)`,
        params: localeParams,
        querystring: programmeListQuerySchema.omit({ type: true }),
        response: { 200: programmePageSchema },
      },
      handler: async (request) =>
        service.findProgrammeList(deps, authOf(request), { ...request.query, type: list.type }),
    });
  }
}

function professionalRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/programme/professional-certificate';
  const type: ProgrammeType = 'professional';

  r.post(base, {
    config: { access: { right: 'PC_PROGRAMME__CREATE' } },
    schema: {
      tags,
      summary: 'Create a professional certificate with its CLCs and courses',
      params: localeParams,
      body: programmeInputSchema,
      response: { 200: programmeSchema, 400: errorBodySchema },
    },
    handler: async (request) => service.createProgramme(deps, authOf(request), type, request.body),
  });

  r.get(`${base}/:id`, {
    config: { access: { right: 'PC_PROGRAMME__DISPLAY' }, programme: type },
    schema: {
      tags,
      summary: 'One professional certificate: CLCs, courses, students by state, certificates',
      params: idParams,
      response: { 200: programmeSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      service.getProgrammeDetail(deps, authOf(request), request.params.id, type),
  });

  r.put(`${base}/:id`, {
    config: { access: { right: 'PC_PROGRAMME__EDIT' }, programme: type },
    schema: {
      tags,
      summary:
        'Edit a professional certificate at the version the editor saw; courses are matched by id',
      params: idParams,
      body: programmeUpdateSchema,
      response: { 200: programmeSchema, ...errors },
    },
    handler: async (request) => {
      const { version, ...data } = request.body;
      return service.updateProgramme(deps, authOf(request), type, request.params.id, version, data);
    },
  });

  r.get(`${base}/:id/history`, {
    config: { access: { right: 'PC_PROGRAMME__DISPLAY' }, programme: type },
    schema: {
      tags,
      summary: 'Who changed the programme or its status, what and when',
      params: idParams,
      response: { 200: z.array(historyEntrySchema), 404: errorBodySchema },
    },
    handler: async (request) => {
      const scope = clcScope(authOf(request));
      if (!(await getProgrammeState(deps.db, scope, request.params.id, type)))
        throw notFound('The programme');
      return findHistory(deps.db, 'programme', request.params.id);
    },
  });
}

/**
 * One route per move of the status machine, so each declares its own right. Only professional
 * certificates are moved through the sis so far; another type gets its own routes under its path.
 */
function transitionRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const type: ProgrammeType = 'professional';
  for (const action of PROGRAMME_ACTION_KEYS) {
    const { label, right, from, to } = PROGRAMME_ACTIONS[action];
    r.post(
      `/api/:locale/programme/${PROGRAMME_TYPE_PATHS[type]}/:id/actions/${actionPath(action)}`,
      {
        config: { access: { right }, programme: type },
        schema: {
          tags,
          summary: `${label}: ${from.join(', ')} → ${to}, at the version the user saw`,
          params: idParams,
          body: programmeTransitionSchema.pick({ version: true }),
          response: { 200: programmeSchema, ...errors },
        },
        handler: async (request) =>
          moveProgramme(deps, authOf(request), {
            id: request.params.id,
            type,
            action,
            version: request.body.version,
          }),
      },
    );
  }
}

export async function programmeRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  listRoutes(app, deps);
  professionalRoutes(app, deps);
  transitionRoutes(app, deps);
  gradingSchemaRoutes(app, deps);
  concentrationRoutes(app, deps);
}
