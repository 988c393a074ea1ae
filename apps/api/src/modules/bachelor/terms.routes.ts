import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTermYear, termYearSchema } from '@lantern/contracts/bachelor';
import {
  internshipInputSchema,
  offeringInputSchema,
  offeringSchema,
  offeringUpdateSchema,
  placeInputSchema,
  placedSchema,
  statusMoveSchema,
  studentCourseExportQuerySchema,
  studentCourseListSchema,
  studentCourseQuerySchema,
  studentCourseSchema,
  termInputSchema,
  termListSchema,
  termSchema,
  termUpdateSchema,
} from '@lantern/contracts/bachelor-terms';
import { okSchema } from '@lantern/contracts/common';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { idParams } from '../../lib/params';
import { bachelorClassroomRoutes } from './terms-classrooms.routes';
import * as studentCourses from './student-courses.service';
import * as terms from './terms.service';
import {
  base,
  config,
  errors,
  offeringParams,
  studentCourseParams,
  tags,
  termParams,
} from './terms-params';

/**
 * Terms, offerings and internships, students per term and their course statuses, classrooms
 * of a bachelor programme (`programme/bachelor/:id/…`, decision 0022).
 */
export async function bachelorTermRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Terms and what they offer.
  r.get(`${base}/terms`, {
    config: config('BA_TERM__DISPLAY'),
    schema: {
      tags,
      summary: 'The terms of a year (default: the current calendar year, UTC) with their offerings',
      params: idParams,
      querystring: z.object({ year: termYearSchema.optional() }),
      response: { 200: termListSchema, ...errors },
    },
    handler: async (request) =>
      terms.listTerms(deps, request.params.id, request.query.year ?? currentTermYear()),
  });

  r.post(`${base}/terms`, {
    config: config('BA_TERM__CREATE'),
    schema: {
      tags,
      summary: 'Creates a term (one a season a year)',
      params: idParams,
      body: termInputSchema,
      response: { 200: termSchema, ...errors },
    },
    handler: async (request) =>
      terms.createTerm(deps, authOf(request), request.params.id, request.body),
  });

  r.put(`${base}/terms/:termId`, {
    config: config('BA_TERM__EDIT'),
    schema: {
      tags,
      summary: 'Changes a term’s name, start and weeks at the version seen',
      params: termParams,
      body: termUpdateSchema,
      response: { 200: termSchema, ...errors },
    },
    handler: async (request) =>
      terms.updateTerm(
        deps,
        authOf(request),
        request.params.id,
        request.params.termId,
        request.body,
      ),
  });

  r.delete(`${base}/terms/:termId`, {
    config: config('BA_TERM__DELETE'),
    schema: {
      tags,
      summary: 'Deletes a term no student is placed in',
      params: termParams,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => {
      await terms.deleteTerm(deps, authOf(request), request.params.id, request.params.termId);
      return { ok: true as const };
    },
  });

  r.post(`${base}/terms/:termId/offerings`, {
    config: config('BA_TERM__EDIT'),
    schema: {
      tags,
      summary: 'Offers a course of the programme in the term, with a capacity',
      params: termParams,
      body: offeringInputSchema,
      response: { 200: offeringSchema, ...errors },
    },
    handler: async (request) =>
      terms.addOffering(deps, authOf(request), request.params.id, request.params.termId, {
        ...request.body,
        kind: 'course',
      }),
  });

  r.post(`${base}/terms/:termId/create-internship`, {
    config: config('BA_TERM__CREATE'),
    schema: {
      tags,
      summary: 'Adds an internship to the term: its title, capacity and the course it counts for',
      params: termParams,
      body: internshipInputSchema,
      response: { 200: offeringSchema, ...errors },
    },
    handler: async (request) =>
      terms.addOffering(deps, authOf(request), request.params.id, request.params.termId, {
        ...request.body,
        kind: 'internship',
      }),
  });

  r.put(`${base}/offerings/:offeringId`, {
    config: config('BA_TERM__EDIT'),
    schema: {
      tags,
      summary: 'Changes an offering’s capacity (never below those placed)',
      params: offeringParams,
      body: offeringUpdateSchema,
      response: { 200: offeringSchema, ...errors },
    },
    handler: async (request) =>
      terms.updateOffering(
        deps,
        authOf(request),
        request.params.id,
        request.params.offeringId,
        request.body,
      ),
  });

  r.delete(`${base}/offerings/:offeringId`, {
    config: config('BA_TERM__EDIT'),
    schema: {
      tags,
      summary: 'Removes an offering no student is placed in',
      params: offeringParams,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => {
      await terms.removeOffering(
        deps,
        authOf(request),
        request.params.id,
        request.params.offeringId,
      );
      return { ok: true as const };
    },
  });

  // Students in the offerings and their course statuses.
  r.post(`${base}/offerings/:offeringId/students`, {
    config: config('BA_STUDENT__EDIT'),
    schema: {
      tags,
      summary: 'Places active students in an offering (409 when it has too few places)',
      params: offeringParams,
      body: placeInputSchema,
      response: { 200: placedSchema, ...errors },
    },
    handler: async (request) =>
      studentCourses.placeStudents(
        deps,
        authOf(request),
        request.params.id,
        request.params.offeringId,
        request.body,
      ),
  });

  r.get(`${base}/student-courses`, {
    config: config('BA_STUDENT__DISPLAY'),
    schema: {
      tags,
      summary:
        'Students of a term (or a year) in reach: search, filter by status, course, CLC; sort; page (≤ 100)',
      params: idParams,
      querystring: studentCourseQuerySchema,
      response: { 200: studentCourseListSchema, ...errors },
    },
    handler: async (request) =>
      studentCourses.listStudentCourses(deps, authOf(request), request.params.id, request.query),
  });

  r.get(`${base}/student-courses/export`, {
    config: config('BA_STUDENT__EXPORT'),
    schema: {
      tags,
      summary: 'The students list as CSV or XLSX, with the list’s filters',
      params: idParams,
      querystring: studentCourseExportQuerySchema,
    },
    handler: async (request, reply) =>
      studentCourses.exportStudentCourses(
        deps,
        authOf(request),
        request.params.id,
        request.query,
        reply,
      ),
  });

  r.post(`${base}/student-courses/:studentCourseId/status`, {
    config: config('BA_STUDENT__EDIT'),
    schema: {
      tags,
      summary:
        'A course-status move of COURSE_STATUS_ACTIONS; a drop-delete after the first two weeks needs confirm and a reason',
      params: studentCourseParams,
      body: statusMoveSchema,
      response: { 200: studentCourseSchema, ...errors },
    },
    handler: async (request) =>
      studentCourses.moveCourseStatus(
        deps,
        authOf(request),
        request.params.id,
        request.params.studentCourseId,
        request.body,
      ),
  });

  // Classrooms (in their own file, registered here in their place).
  await bachelorClassroomRoutes(app, deps);
}
