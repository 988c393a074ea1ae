import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { termKeySchema } from '@lantern/contracts/bachelor';
import {
  PAST_CLASSROOM_STATES,
  classroomDetailSchema,
  classroomInputSchema,
  classroomListSchema,
  classroomPlaceSchema,
  classroomSchema,
  classroomStaffInputSchema,
  classroomUpdateSchema,
  pastClassroomListSchema,
  pastClassroomQuerySchema,
  placedSchema,
} from '@lantern/contracts/bachelor-terms';
import { okSchema } from '@lantern/contracts/common';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { idParams } from '../../lib/params';
import * as classrooms from './classrooms.service';
import * as seats from './classrooms-seats.service';
import { base, classParams, config, errors, offeringParams, recordId, tags } from './terms-params';

/**
 * The classrooms of a bachelor programme (`programme/bachelor/:id/…`, decision 0022): part of
 * bachelorTermRoutes, which registers them after the terms and student courses.
 */
export async function bachelorClassroomRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(`${base}/classrooms`, {
    config: config('CLASSROOM__DISPLAY'),
    schema: {
      tags,
      summary: 'The classrooms of a term, or of one offered course of it',
      params: idParams,
      querystring: z.object({ termKey: termKeySchema, courseId: recordId.optional() }),
      response: { 200: classroomListSchema, ...errors },
    },
    handler: async (request) =>
      classrooms.listOfferingClassrooms(
        deps,
        authOf(request),
        request.params.id,
        request.query.termKey,
        request.query.courseId,
      ),
  });

  r.get(`${base}/past-classrooms/:state`, {
    config: config('CLASSROOM__DISPLAY'),
    schema: {
      tags,
      summary: 'Closed classrooms, or classrooms still open after their term ended',
      params: idParams.extend({ state: z.enum(PAST_CLASSROOM_STATES) }),
      querystring: pastClassroomQuerySchema,
      response: { 200: pastClassroomListSchema, ...errors },
    },
    handler: async (request) =>
      classrooms.listPastClassrooms(
        deps,
        authOf(request),
        request.params.id,
        request.params.state,
        request.query,
      ),
  });

  r.post(`${base}/offerings/:offeringId/classrooms`, {
    config: config('CLASSROOM__CREATE'),
    schema: {
      tags,
      summary: 'Creates a classroom of an offering at one of the programme’s CLCs',
      params: offeringParams,
      body: classroomInputSchema,
      response: { 200: classroomSchema, ...errors },
    },
    handler: async (request) =>
      classrooms.createClassroom(
        deps,
        authOf(request),
        request.params.id,
        request.params.offeringId,
        request.body,
      ),
  });

  r.get(`${base}/classrooms/:classId`, {
    config: config('CLASSROOM__DISPLAY'),
    schema: {
      tags,
      summary: 'A classroom with its students, their course status and course result so far',
      params: classParams,
      response: { 200: classroomDetailSchema, ...errors },
    },
    handler: async (request) =>
      classrooms.getClassroom(deps, authOf(request), request.params.id, request.params.classId),
  });

  r.put(`${base}/classrooms/:classId`, {
    config: config('CLASSROOM__EDIT'),
    schema: {
      tags,
      summary: 'Changes a classroom’s name and capacity at the version seen',
      params: classParams,
      body: classroomUpdateSchema,
      response: { 200: classroomSchema, ...errors },
    },
    handler: async (request) =>
      classrooms.updateClassroom(
        deps,
        authOf(request),
        request.params.id,
        request.params.classId,
        request.body,
      ),
  });

  r.delete(`${base}/classrooms/:classId`, {
    config: config('CLASSROOM__DELETE'),
    schema: {
      tags,
      summary: 'Deletes an empty classroom',
      params: classParams,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => {
      await classrooms.deleteClassroom(
        deps,
        authOf(request),
        request.params.id,
        request.params.classId,
      );
      return { ok: true as const };
    },
  });

  r.post(`${base}/classrooms/:classId/students`, {
    config: config('CLASSROOM_STUDENT__EDIT'),
    schema: {
      tags,
      summary: 'Seats students of the offering (and the classroom’s CLC) in the classroom',
      params: classParams,
      body: classroomPlaceSchema,
      response: { 200: placedSchema, ...errors },
    },
    handler: async (request) =>
      seats.placeInClassroom(
        deps,
        authOf(request),
        request.params.id,
        request.params.classId,
        request.body,
      ),
  });

  r.delete(`${base}/classrooms/:classId/students/:studentCourseId`, {
    config: config('CLASSROOM_STUDENT__EDIT'),
    schema: {
      tags,
      summary: 'Unseats a student from the classroom (their course stays; the seat frees)',
      params: classParams.extend({ studentCourseId: recordId }),
      response: { 200: classroomSchema, ...errors },
    },
    handler: async (request) =>
      seats.unseatFromClassroom(
        deps,
        authOf(request),
        request.params.id,
        request.params.classId,
        request.params.studentCourseId,
      ),
  });

  r.put(`${base}/classrooms/:classId/staff`, {
    config: config('CLASSROOM_STAFF__EDIT'),
    schema: {
      tags,
      summary: 'Sets the classroom’s facilitators, faculty and teaching assistants',
      params: classParams,
      body: classroomStaffInputSchema,
      response: { 200: classroomSchema, ...errors },
    },
    handler: async (request) =>
      seats.setClassroomStaff(
        deps,
        authOf(request),
        request.params.id,
        request.params.classId,
        request.body,
      ),
  });

  r.post(`${base}/classrooms/:classId/close`, {
    config: config('CLASSROOM__CLOSE'),
    schema: {
      tags,
      summary: 'Closes a classroom: it moves to past-classrooms/closed',
      params: classParams,
      response: { 200: classroomSchema, ...errors },
    },
    handler: async (request) =>
      seats.closeClassroom(deps, authOf(request), request.params.id, request.params.classId),
  });
}
