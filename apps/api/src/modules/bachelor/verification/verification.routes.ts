import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VERIFICATION_LEVELS, VERIFICATION_RIGHTS } from '@lantern/contracts/bachelor';
import {
  approveClcSchema,
  approveTermSchema,
  approvedSchema,
  exportBatchInputSchema,
  exportBatchListSchema,
  exportBatchSchema,
  exportMovedSchema,
  exportStatusMoveSchema,
  exportStudentPageSchema,
  exportStudentsQuerySchema,
  termVerificationSchema,
  verificationGradePageSchema,
  verificationGradesQuerySchema,
  verificationQuerySchema,
} from '@lantern/contracts/bachelor-verification';
import type { ProgrammeType } from '@lantern/contracts/programme';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { EXPORT_FORMATS, sendExport } from '../../../lib/export';
import { idParams, MAX_ID, STRICT_BODY } from '../../../lib/params';
import * as exportStatus from './export-status.service';
import { gradesPage, verifiedSet } from './verification.grades';
import * as service from './verification.service';

/**
 * `programme/bachelor/:id/verification`: final-grade verification at three levels and the
 * export statuses of the programme's students (docs/decisions/0022 "As built").
 */
export async function bachelorVerificationRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const programme: ProgrammeType = 'bachelor';
  const base = '/api/:locale/programme/bachelor/:id/verification';
  const tags = ['bachelor'];

  r.get(base, {
    config: { access: { right: 'BA_VERIFICATION__DISPLAY' }, programme },
    schema: {
      tags,
      summary:
        'A term’s verification: each level’s state (per CLC for the CLC level), its grade-set hash, stale reasons and the changes since the last university approval',
      params: idParams,
      querystring: verificationQuerySchema,
      response: { 200: termVerificationSchema },
    },
    handler: async (request) =>
      service.termVerification(deps.db, authOf(request), request.params.id, request.query.termKey),
  });

  r.get(`${base}/grades`, {
    config: { access: { right: 'BA_VERIFICATION__DISPLAY' }, programme },
    schema: {
      tags,
      summary: 'A term’s grade set (paged): every student course, its result and its flag',
      params: idParams,
      querystring: verificationGradesQuerySchema,
      response: { 200: verificationGradePageSchema },
    },
    handler: async (request) =>
      gradesPage(deps.db, authOf(request), request.params.id, request.query),
  });

  const approveRoute = (level: 'BASIC' | 'UNI') =>
    r.post(`${base}/approve-${level.toLowerCase()}`, {
      config: { access: { right: VERIFICATION_RIGHTS[level] }, programme },
      schema: {
        tags,
        summary: `Approves a term’s grade set at the ${level} level, signing the hash the approver saw (409 when the grades changed since)`,
        description: STRICT_BODY,
        params: idParams,
        body: approveTermSchema,
        response: { 200: approvedSchema },
      },
      handler: async (request) =>
        service.approve(deps, authOf(request), {
          programmeId: request.params.id,
          termKey: request.body.termKey,
          level,
          clcId: null,
          hash: request.body.hash,
        }),
    });
  approveRoute('BASIC');
  r.post(`${base}/approve-clc`, {
    config: { access: { right: VERIFICATION_RIGHTS.CLC }, programme },
    schema: {
      tags,
      summary:
        'Approves one CLC’s grades of a term, signing the hash the approver saw (409 when the grades changed since)',
      description: STRICT_BODY,
      params: idParams,
      body: approveClcSchema,
      response: { 200: approvedSchema },
    },
    handler: async (request) =>
      service.approve(deps, authOf(request), {
        programmeId: request.params.id,
        termKey: request.body.termKey,
        level: 'CLC',
        clcId: request.body.clcId,
        hash: request.body.hash,
      }),
  });
  approveRoute('UNI');

  r.get(`${base}/export/:format`, {
    config: { access: { right: 'BA_VERIFICATION__EXPORT' }, programme },
    schema: {
      tags,
      summary:
        'The verified grade set of a term at a level (UNI by default), while that approval is current',
      params: idParams.extend({ format: z.enum(EXPORT_FORMATS) }),
      querystring: verificationQuerySchema.extend({
        level: z.enum(VERIFICATION_LEVELS).default('UNI'),
      }),
    },
    handler: async (request, reply) => {
      const set = await verifiedSet(
        deps.db,
        authOf(request),
        request.params.id,
        request.query.termKey,
        request.query.level,
      );
      return sendExport(reply, {
        format: request.params.format,
        filename: set.filename,
        columns: set.columns,
        batches: (async function* () {
          yield set.rows;
        })(),
      });
    },
  });

  r.get(`${base}/students`, {
    config: { access: { right: 'BA_VERIFICATION__DISPLAY' }, programme },
    schema: {
      tags,
      summary: 'The programme’s students and their export status (completed, exported, graduated)',
      params: idParams,
      querystring: exportStudentsQuerySchema,
      response: { 200: exportStudentPageSchema },
    },
    handler: async (request) =>
      exportStatus.studentsPage(deps.db, authOf(request), request.params.id, request.query),
  });

  r.post(`${base}/students/complete`, {
    config: { access: { right: 'BA_STUDENT_STATUS__EDIT' }, programme },
    schema: {
      tags,
      summary:
        'Marks students completed (each with a final passing grade in every course); all or nothing',
      params: idParams,
      body: exportStatusMoveSchema,
      response: { 200: exportMovedSchema },
    },
    handler: async (request) =>
      exportStatus.markCompleted(
        deps.db,
        authOf(request),
        request.params.id,
        request.body.enrolmentIds,
      ),
  });

  r.post(`${base}/students/graduate`, {
    config: { access: { right: 'BA_STUDENT_STATUS__EDIT' }, programme },
    schema: {
      tags,
      summary: 'Marks completed-and-exported students graduated; all or nothing',
      params: idParams,
      body: exportStatusMoveSchema,
      response: { 200: exportMovedSchema },
    },
    handler: async (request) =>
      exportStatus.markGraduated(
        deps,
        authOf(request),
        request.params.id,
        request.body.enrolmentIds,
      ),
  });

  r.post(`${base}/batches`, {
    config: { access: { right: 'BA_VERIFICATION__EXPORT' }, programme },
    schema: {
      tags,
      summary:
        'Exports a batch of completed students to the certifying university: the file is kept with the batch and the students become completed-exported',
      params: idParams,
      body: exportBatchInputSchema,
      response: { 200: exportBatchSchema },
    },
    handler: async (request) =>
      exportStatus.exportBatch(deps, authOf(request), request.params.id, request.body),
  });

  r.get(`${base}/batches`, {
    config: { access: { right: 'BA_VERIFICATION__DISPLAY' }, programme },
    schema: {
      tags,
      summary: 'The programme’s graduate export batches, newest first',
      params: idParams,
      response: { 200: exportBatchListSchema },
    },
    handler: async (request) => exportStatus.batches(deps.db, request.params.id),
  });

  r.get(`${base}/batches/:batchId/file`, {
    config: { access: { right: 'BA_VERIFICATION__EXPORT' }, programme },
    schema: {
      tags,
      summary: 'The file an export batch sent',
      params: idParams.extend({ batchId: z.coerce.number().int().positive().max(MAX_ID) }),
    },
    handler: async (request, reply) => {
      const file = await exportStatus.batchFile(deps.db, request.params.id, request.params.batchId);
      const stream = await deps.files.get(file.storageKey).catch(() => {
        throw new AppError(404, 'NOT_FOUND', 'The export file was not found.');
      });
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}
