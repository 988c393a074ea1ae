import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTermYear, termKeySchema, termYearSchema } from '@lantern/contracts/bachelor';
import {
  PAST_CLASSROOM_STATES,
  classroomDetailSchema,
  classroomInputSchema,
  classroomListSchema,
  classroomPlaceSchema,
  classroomSchema,
  classroomStaffInputSchema,
  classroomUpdateSchema,
  internshipInputSchema,
  offeringInputSchema,
  offeringSchema,
  offeringUpdateSchema,
  pastClassroomListSchema,
  pastClassroomQuerySchema,
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
import { errorBodySchema } from '@lantern/contracts/errors';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { Right } from '@lantern/contracts/rights';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { idParams, MAX_ID } from '../../lib/params';
import * as classrooms from './classrooms.service';
import * as studentCourses from './student-courses.service';
import * as terms from './terms.service';

const recordId = z.coerce.number().int().positive().max(MAX_ID);
const termParams = idParams.extend({ termId: recordId });
const offeringParams = idParams.extend({ offeringId: recordId });
const studentCourseParams = idParams.extend({ studentCourseId: recordId });
const classParams = idParams.extend({ classId: recordId });
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['bachelor'];

/**
 * Terms, offerings and internships, students per term and their course statuses, classrooms
 * of a bachelor programme (`programme/bachelor/:id/…`, decision 0022).
 */
export async function bachelorTermRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const programme: ProgrammeType = 'bachelor';
  const base = '/api/:locale/programme/bachelor/:id';
  const config = (right: Right) => ({ access: { right }, programme });

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

  // Classrooms.
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
      classrooms.placeInClassroom(
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
      classrooms.unseatFromClassroom(
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
      classrooms.setClassroomStaff(
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
      classrooms.closeClassroom(deps, authOf(request), request.params.id, request.params.classId),
  });
}
