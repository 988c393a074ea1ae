import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  gradeBookAsOfExportQuerySchema,
  gradeBookAsOfQuerySchema,
  gradeBookAsOfSchema,
  gradeHistoryPageSchema,
  gradeHistoryQuerySchema,
  studentAsOfQuerySchema,
  studentGradesAsOfSchema,
} from '@lantern/contracts/ledger';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { localeParams, MAX_ID } from '../../../lib/params';
import * as ledger from './ledger.service';
import * as ledgerBook from './ledger-book.service';

const id = z.coerce.number().int().positive().max(MAX_ID);
const studentParams = localeParams.extend({ studentId: id });
const courseParams = localeParams.extend({ courseId: id });

/**
 * The grade ledger's reads (decision 0021): a student's grade history and grades as of a time,
 * a class's published grade book as of a time and its export, and a learner's own history.
 * Staff routes declare the grade book's rights; rows follow learner reach (else 404).
 */
export async function ledgerRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/:locale/lms';
  const tags = ['grade ledger'];

  r.get(`${base}/student/:studentId/grade-history`, {
    config: { access: { right: 'GRADE_BOOK__DISPLAY' } },
    schema: {
      tags,
      summary:
        'Every change of a student’s grades and course results, newest first, with who and why',
      params: studentParams,
      querystring: gradeHistoryQuerySchema,
      response: { 200: gradeHistoryPageSchema },
    },
    handler: async (request) =>
      ledger.getGradeHistory(deps, authOf(request), request.params.studentId, request.query),
  });

  r.get(`${base}/student/:studentId/grades-as-of`, {
    config: { access: { right: 'GRADE_BOOK__DISPLAY' } },
    schema: {
      tags,
      summary: 'A student’s grades and course results as they stood at a time',
      params: studentParams,
      querystring: studentAsOfQuerySchema,
      response: { 200: studentGradesAsOfSchema },
    },
    handler: async (request) =>
      ledger.getStudentGradesAsOf(deps, authOf(request), request.params.studentId, request.query),
  });

  r.get(`${base}/course/:courseId/grade-book/as-of`, {
    config: { access: { right: 'GRADE_BOOK__DISPLAY' } },
    schema: {
      tags,
      summary: 'A class’s published grade book as its learners saw it at a time',
      params: courseParams,
      querystring: gradeBookAsOfQuerySchema,
      response: { 200: gradeBookAsOfSchema },
    },
    handler: async (request) =>
      ledgerBook.getGradeBookAsOf(deps, authOf(request), request.params.courseId, request.query),
  });

  r.get(`${base}/course/:courseId/grade-book/as-of/export`, {
    config: { access: { right: 'GRADE_BOOK__EXPORT' } },
    schema: {
      tags,
      summary: 'A class’s published grade book at a time, as CSV or XLSX',
      params: courseParams,
      querystring: gradeBookAsOfExportQuerySchema,
    },
    handler: async (request, reply) =>
      ledgerBook.exportGradeBookAsOf(
        deps,
        authOf(request),
        request.params.courseId,
        request.query,
        reply,
      ),
  });

  r.get(`${base}/my-grade-history`, {
    config: { access: { right: 'GENERAL_LMS__DISPLAY' } },
    schema: {
      tags,
      summary: 'One’s own grade changes that touched a published grade, newest first',
      params: localeParams,
      querystring: gradeHistoryQuerySchema,
      response: { 200: gradeHistoryPageSchema },
    },
    handler: async (request) => ledger.getMyGradeHistory(deps, authOf(request), request.query),
  });
}
