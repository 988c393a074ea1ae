import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bigId,
  classDetailSchema,
  classListQuerySchema,
  classPageSchema,
  classProgressQuerySchema,
  classProgressSchema,
  classStudentsQuerySchema,
  gradeBookCellInputSchema,
  gradeBookCellResultSchema,
  gradeBookExportQuerySchema,
  gradeBookQuerySchema,
  gradeBookSchema,
  gradeInputSchema,
  gradeSchema,
  publishInputSchema,
  queuePageSchema,
  queueQuerySchema,
  submissionViewSchema,
  taskPublishInputSchema,
  taskPublishResultSchema,
} from '@lantern/contracts/teaching';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { localeParams, MAX_ID } from '../../../lib/params';
import { z } from 'zod';
import * as reads from './reads.service';
import * as gradingReads from './reads-grading.service';
import * as grading from './grading.service';
import * as book from './grade-book.service';

const id = z.coerce.number().int().positive().max(MAX_ID);
const classParams = localeParams.extend({ classId: id });
const courseParams = localeParams.extend({ courseId: id });
const itemParams = localeParams.extend({ itemId: id });
const submissionParams = localeParams.extend({ submissionId: bigId });

/**
 * Teaching (decision 0019): class_root, a class's students and progress, the grading queue, a
 * submission and its grade, publishing, and the grade book. Grading routes declare
 * SUBMISSION__DISPLAY and check responsibility inside (assertMayGrade), since one declared right
 * cannot say "this right or that, by the task".
 */
export async function teachingRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/lms';
  const tags = ['teaching'];

  r.get(`${base}/classes`, {
    config: { access: { right: 'CLASSROOM__DISPLAY' } },
    schema: {
      tags,
      summary:
        'The classes the caller teaches or oversees, with how many attempts wait for a grade (class_root)',
      params: localeParams,
      querystring: classListQuerySchema,
      response: { 200: classPageSchema },
    },
    handler: async (request) => reads.listClasses(deps, authOf(request), request.query),
  });

  r.get(`${base}/class/:classId`, {
    config: { access: { right: 'CLASSROOM__DISPLAY' } },
    schema: {
      tags,
      summary: 'A class’s students × a course’s tasks, with state and grade, 50 a page',
      params: classParams,
      querystring: classStudentsQuerySchema,
      response: { 200: classDetailSchema },
    },
    handler: async (request) =>
      reads.getClass(deps, authOf(request), request.params.classId, request.query),
  });

  r.get(`${base}/class/:classId/progress`, {
    config: { access: { right: 'CLASSROOM__DISPLAY' } },
    schema: {
      tags,
      summary: 'A class’s progress in a course: per learner and per unit',
      params: classParams,
      querystring: classProgressQuerySchema,
      response: { 200: classProgressSchema },
    },
    handler: async (request) =>
      reads.getClassProgress(deps, authOf(request), request.params.classId, request.query.courseId),
  });

  r.get(`${base}/course/:courseId/grading-queue`, {
    config: { access: { right: 'SUBMISSION__DISPLAY' } },
    schema: {
      tags,
      summary: 'Latest attempts waiting for a grade, oldest first (keyset, 50 a page)',
      params: courseParams,
      querystring: queueQuerySchema,
      response: { 200: queuePageSchema },
    },
    handler: async (request) =>
      gradingReads.gradingQueue(deps, authOf(request), request.params.courseId, request.query),
  });

  r.get(`${base}/submission/:submissionId`, {
    config: { access: { right: 'SUBMISSION__DISPLAY' } },
    schema: {
      tags,
      summary:
        'A handed-in attempt: the work, its attempts, its grade, and whether you may grade it',
      params: submissionParams,
      response: { 200: submissionViewSchema },
    },
    handler: async (request) =>
      gradingReads.getSubmission(deps, authOf(request), request.params.submissionId),
  });

  r.put(`${base}/submission/:submissionId/grade`, {
    config: { access: { right: 'SUBMISSION__DISPLAY' } },
    schema: {
      tags,
      summary:
        'Saves a draft grade or a return for rework; a published grade changes only with SUBMISSION__EDIT and a reason',
      params: submissionParams,
      body: gradeInputSchema,
      response: { 200: gradeSchema },
    },
    handler: async (request) =>
      grading.saveGrade(deps, authOf(request), request.params.submissionId, request.body),
  });

  r.post(`${base}/submission/:submissionId/grade/publish`, {
    config: { access: { right: 'SUBMISSION__DISPLAY' } },
    schema: {
      tags,
      summary: 'Publishes the attempt’s draft grade; a comment notifies the learner',
      params: submissionParams,
      body: publishInputSchema,
      response: { 200: gradeSchema },
    },
    handler: async (request) =>
      grading.publishGrade(
        deps,
        authOf(request),
        request.params.submissionId,
        request.body.version,
      ),
  });

  r.post(`${base}/task/:itemId/grades/publish`, {
    config: { access: { right: 'SUBMISSION__DISPLAY' } },
    schema: {
      tags,
      summary: 'Publishes every draft grade of a task for a class; others are skipped with why',
      params: itemParams,
      body: taskPublishInputSchema,
      response: { 200: taskPublishResultSchema },
    },
    handler: async (request) =>
      grading.publishTaskForClass(
        deps,
        authOf(request),
        request.params.itemId,
        request.body.classId,
      ),
  });

  r.get(`${base}/course/:courseId/grade-book`, {
    config: { access: { right: 'GRADE_BOOK__DISPLAY' } },
    schema: {
      tags,
      summary: 'The grade book: graded items × learners in reach (keyset, 50 a page) with totals',
      params: courseParams,
      querystring: gradeBookQuerySchema,
      response: { 200: gradeBookSchema },
    },
    handler: async (request) =>
      book.getGradeBook(deps, authOf(request), request.params.courseId, request.query),
  });

  r.put(`${base}/course/:courseId/grade-book/cell`, {
    config: { access: { right: 'GRADE_BOOK__EDIT' } },
    schema: {
      tags,
      summary:
        'Enters a draft grade in the grade book; a version changed meanwhile is 409 with the cell as it is',
      params: courseParams,
      body: gradeBookCellInputSchema,
      response: { 200: gradeBookCellResultSchema },
    },
    handler: async (request) =>
      book.saveCell(deps, authOf(request), request.params.courseId, request.body),
  });

  r.get(`${base}/course/:courseId/grade-book/export`, {
    config: { access: { right: 'GRADE_BOOK__EXPORT' } },
    schema: {
      tags,
      summary: 'The grade book as CSV or XLSX, every learner in reach',
      params: courseParams,
      querystring: gradeBookExportQuerySchema,
    },
    handler: async (request, reply) =>
      book.exportGradeBook(deps, authOf(request), request.params.courseId, request.query, reply),
  });
}
