import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classInputSchema,
  classStaffInputSchema,
  classUpdateSchema,
  distributeInputSchema,
  distributeResultSchema,
  moveInputSchema,
  moveResultSchema,
  programmeClassesSchema,
} from '@lantern/contracts/classes';
import { okSchema } from '@lantern/contracts/common';
import { PROGRAMME_TYPE_PATHS, type ProgrammeType } from '@lantern/contracts/programme';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { idParams } from '../../lib/params';
import * as service from './classes.service';

const classParams = idParams.extend({
  classId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A programme's classes: distribution by CLC, staff, moves (issue 4, `:programme/classes`). */
export async function classRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const programme: ProgrammeType = 'professional';
  const base = `/api/:locale/programme/${PROGRAMME_TYPE_PATHS[programme]}/:id/classes`;
  const tags = ['classes'];

  // Everyone who may see classes opens it; PC_CLASS__DISPLAY widens what it shows from the
  // classes one staffs to every class of one's CLCs (classScope, decision 0008).
  r.get(base, {
    config: { access: { right: 'CLASSROOM__DISPLAY' }, programme },
    schema: {
      tags,
      summary:
        'The classes of a programme with their staff and students, and who is unplaced; without PC_CLASS__DISPLAY only the classes the caller staffs',
      params: idParams,
      response: { 200: programmeClassesSchema },
    },
    handler: async (request) => service.getClasses(deps, authOf(request), request.params.id),
  });

  r.post(`${base}/distribute`, {
    config: { access: { right: 'PC_CLASS__EDIT' }, programme },
    schema: {
      tags,
      summary: 'Distributes the active students of each CLC into classes of a size (15 by default)',
      params: idParams,
      body: distributeInputSchema,
      response: { 200: distributeResultSchema },
    },
    handler: async (request) =>
      service.distribute(deps, authOf(request), request.params.id, request.body),
  });

  r.post(base, {
    config: { access: { right: 'PC_CLASS__EDIT' }, programme },
    schema: {
      tags,
      summary: 'Creates a class at one of the programme’s CLCs',
      params: idParams,
      body: classInputSchema,
      response: { 200: z.object({ id: z.number().int() }) },
    },
    handler: async (request) => ({
      id: await service.createClass(deps, authOf(request), request.params.id, request.body),
    }),
  });

  r.put(`${base}/:classId`, {
    config: { access: { right: 'PC_CLASS__EDIT' }, programme },
    schema: {
      tags,
      summary: 'Renames a class or changes its capacity, at the version the editor saw',
      params: classParams,
      body: classUpdateSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      const { id, classId } = request.params;
      await service.updateClass(deps, authOf(request), id, classId, request.body);
      return { ok: true as const };
    },
  });

  r.put(`${base}/:classId/staff`, {
    config: { access: { right: 'CLASSROOM_STAFF__EDIT' }, programme },
    schema: {
      tags,
      summary:
        'Sets the facilitators (onsite), faculty (online) and teaching assistants of a class',
      params: classParams,
      body: classStaffInputSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      const { id, classId } = request.params;
      await service.setStaff(deps, authOf(request), id, classId, request.body);
      return { ok: true as const };
    },
  });

  r.delete(`${base}/:classId`, {
    config: { access: { right: 'PC_CLASS__EDIT' }, programme },
    schema: {
      tags,
      summary: 'Deletes an empty class',
      params: classParams,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      const { id, classId } = request.params;
      await service.deleteClass(deps, authOf(request), id, classId);
      return { ok: true as const };
    },
  });

  r.post(`${base}/move`, {
    config: { access: { right: 'CLASSROOM_STUDENT__EDIT' }, programme },
    schema: {
      tags,
      summary: 'Moves students into a class of their CLC (or out of every class)',
      params: idParams,
      body: moveInputSchema,
      response: { 200: moveResultSchema },
    },
    handler: async (request) =>
      service.move(deps, authOf(request), request.params.id, request.body),
  });
}
