import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@lantern/contracts/errors';
import {
  additionalCandidatesQuerySchema,
  additionalCandidatesSchema,
  additionalCourseInputSchema,
  additionalCourseUpdateSchema,
  classOptionsSchema,
  myStudiesSchema,
  reasonInputSchema,
  studentCoursesSchema,
} from '@lantern/contracts/learning-work';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { idParams, localeParams, MAX_ID } from '../../../lib/params';
import * as service from './student-courses.service';
import * as additional from './student-courses-additional.service';

const courseParams = idParams.extend({
  courseId: z.coerce.number().int().positive().max(MAX_ID),
});

const refusals = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The sis side of a student's courses (ACTIVE_COURSES, ADDITIONAL_COURSES) and "My studies". */
export async function studentCourseRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/student/:id';
  const tags = ['students'];

  r.get(`${base}/courses`, {
    config: { access: { right: 'ACTIVE_COURSES__DISPLAY' } },
    schema: {
      tags,
      summary: 'A student’s courses with progress and result so far, dropped ones included',
      params: idParams,
      response: { 200: studentCoursesSchema, 404: errorBodySchema },
    },
    handler: async (request) => service.listCourses(deps, authOf(request), request.params.id),
  });

  r.post(`${base}/courses/:courseId/drop`, {
    config: { access: { right: 'ACTIVE_COURSES__EDIT' } },
    schema: {
      tags,
      summary: 'Drops a course of the student (work is kept; a reason is required)',
      params: courseParams,
      body: reasonInputSchema,
      response: { 200: studentCoursesSchema, ...refusals },
    },
    handler: async (request) =>
      service.dropCourse(
        deps,
        authOf(request),
        request.params.id,
        request.params.courseId,
        request.body,
      ),
  });

  r.post(`${base}/courses/:courseId/restore`, {
    config: { access: { right: 'ACTIVE_COURSES__EDIT' } },
    schema: {
      tags,
      summary: 'Restores a dropped course (a reason is required)',
      params: courseParams,
      body: reasonInputSchema,
      response: { 200: studentCoursesSchema, ...refusals },
    },
    handler: async (request) =>
      service.restoreCourse(
        deps,
        authOf(request),
        request.params.id,
        request.params.courseId,
        request.body,
      ),
  });

  r.get(`${base}/additional-courses/candidates`, {
    config: { access: { right: 'ADDITIONAL_COURSES__CREATE' } },
    schema: {
      tags,
      summary:
        'Courses of running programmes in reach that the student could take in addition, with classes at their CLCs',
      params: idParams,
      querystring: additionalCandidatesQuerySchema,
      response: { 200: additionalCandidatesSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      additional.additionalCandidates(deps, authOf(request), request.params.id, request.query.q),
  });

  r.post(`${base}/additional-courses`, {
    config: { access: { right: 'ADDITIONAL_COURSES__CREATE' } },
    schema: {
      tags,
      summary: 'Enrols the student in a course outside their programme, with a class',
      params: idParams,
      body: additionalCourseInputSchema,
      response: { 200: studentCoursesSchema, ...refusals },
    },
    handler: async (request) =>
      additional.addAdditional(deps, authOf(request), request.params.id, request.body),
  });

  r.get(`${base}/additional-courses/:courseId/classes`, {
    config: { access: { right: 'ADDITIONAL_COURSES__EDIT' } },
    schema: {
      tags,
      summary:
        'The classes an additional course’s learner may be moved to: its programme’s, at their CLCs',
      params: courseParams,
      response: { 200: classOptionsSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      additional.additionalClassOptions(
        deps,
        authOf(request),
        request.params.id,
        request.params.courseId,
      ),
  });

  r.patch(`${base}/additional-courses/:courseId`, {
    config: { access: { right: 'ADDITIONAL_COURSES__EDIT' } },
    schema: {
      tags,
      summary: 'Moves the student to another class for an additional course',
      params: courseParams,
      body: additionalCourseUpdateSchema,
      response: { 200: studentCoursesSchema, ...refusals },
    },
    handler: async (request) =>
      additional.updateAdditional(
        deps,
        authOf(request),
        request.params.id,
        request.params.courseId,
        request.body,
      ),
  });

  r.delete(`${base}/additional-courses/:courseId`, {
    config: { access: { right: 'ADDITIONAL_COURSES__DELETE' } },
    schema: {
      tags,
      summary: 'Removes an additional course; refused once there is work (drop it instead)',
      params: courseParams,
      response: { 200: studentCoursesSchema, 404: errorBodySchema, 409: errorBodySchema },
    },
    handler: async (request) =>
      additional.removeAdditional(
        deps,
        authOf(request),
        request.params.id,
        request.params.courseId,
      ),
  });

  r.get('/api/:locale/profile/studies', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['profile'],
      summary: 'Your own programmes, states, study breaks and certificates (read-only)',
      params: localeParams,
      response: { 200: myStudiesSchema },
    },
    handler: async (request) => service.myStudies(deps, authOf(request)),
  });
}
