import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversionInputSchema,
  conversionListSchema,
  conversionQuerySchema,
  creditStudentListSchema,
  creditStudentsQuerySchema,
  gradesOutExportSchema,
  gradesOutPreviewSchema,
  gradesOutQuerySchema,
  studentCreditsSchema,
  transferDecisionSchema,
  transferInInputSchema,
  transferListQuerySchema,
  transferListSchema,
  transferOutInputSchema,
  transferRejectSchema,
  transferSchema,
  transferSourcesSchema,
} from '@lantern/contracts/bachelor-credits';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { Right } from '@lantern/contracts/rights';
import { VALIDATION } from '@lantern/contracts/messages';
import { authOf } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { idParams, MAX_ID } from '../../../lib/params';
import * as service from './credits.service';
import * as transfers from './credits-transfers.service';
import * as decisions from './credits-decisions.service';
import { EXPORT_MIME } from '../../../lib/export';
import { exportGradesOut, gradesOutPreview } from './credits.grades-out';

const ref = z.coerce.number({ error: VALIDATION.number }).int().positive().max(MAX_ID);
const enrolmentParams = idParams.extend({ enrolmentId: ref });
const transferParams = idParams.extend({ transferId: ref });

/**
 * The credit ledger, conversions, transfers in and out and grades out of a bachelor programme
 * (decision 0022, "As built: credits"). The programme-scope hook answers 404 for another type
 * or a programme out of reach; rows are further limited to the request's CLCs.
 */
export async function creditRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const programme: ProgrammeType = 'bachelor';
  const base = '/api/:locale/programme/bachelor/:id';
  const tags = ['bachelor'];

  r.get(`${base}/credits/students`, {
    config: { access: { right: 'BA_STUDENT__DISPLAY' }, programme },
    schema: {
      tags,
      summary: 'The programme’s students with their degree progress (Σ of their credit ledger)',
      params: idParams,
      querystring: creditStudentsQuerySchema,
      response: { 200: creditStudentListSchema },
    },
    handler: async (request) =>
      service.creditStudents(deps.db, authOf(request), request.params.id, request.query),
  });

  r.get(`${base}/students/:enrolmentId/credits`, {
    config: { access: { right: 'BA_STUDENT__DISPLAY' }, programme },
    schema: {
      tags,
      summary: 'A student’s degree progress and every credit ledger entry with its provenance',
      params: enrolmentParams,
      response: { 200: studentCreditsSchema },
    },
    handler: async (request) =>
      service.studentCredits(
        deps.db,
        authOf(request),
        request.params.id,
        request.params.enrolmentId,
      ),
  });

  // Transfer in and grades out both read the conversions; a route declares one right, so each
  // page's area has its own path to the same list, each needing that page's display right.
  const conversionReaders: readonly { path: string; right: Right }[] = [
    { path: 'conversions', right: 'BA_TRANSFER_IN__DISPLAY' },
    { path: 'transfer-out/conversions', right: 'BA_TRANSFER_OUT__DISPLAY' },
  ];
  for (const reader of conversionReaders)
    r.get(`${base}/${reader.path}`, {
      config: { access: { right: reader.right }, programme },
      schema: {
        tags,
        summary: 'Grading schemas and every version of the grade conversions between them',
        params: idParams,
        querystring: conversionQuerySchema,
        response: { 200: conversionListSchema },
      },
      handler: async (request) =>
        service.listConversions(deps.db, request.params.id, request.query),
    });

  r.post(`${base}/conversions`, {
    config: { access: { right: 'BA_TRANSFER_IN__EDIT' }, programme },
    schema: {
      tags,
      summary: 'A new version of a from → to grade conversion (versions are never edited)',
      params: idParams,
      body: conversionInputSchema,
      response: { 201: z.object({ id: z.number(), version: z.number() }) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.createConversion(deps.db, authOf(request), request.body)),
  });

  r.get(`${base}/transfer-in/sources/:enrolmentId`, {
    config: { access: { right: 'BA_TRANSFER_IN__DISPLAY' }, programme },
    schema: {
      tags,
      summary: 'The student’s final course results in their other programmes (internal transfers)',
      params: enrolmentParams,
      response: { 200: transferSourcesSchema },
    },
    handler: async (request) => ({
      sources: await service.transferSources(
        deps.db,
        authOf(request),
        request.params.id,
        request.params.enrolmentId,
      ),
    }),
  });

  r.get(`${base}/transfer-in`, {
    config: { access: { right: 'BA_TRANSFER_IN__DISPLAY' }, programme },
    schema: {
      tags,
      summary: 'Transfers in, newest first, with source and converted grade side by side',
      params: idParams,
      querystring: transferListQuerySchema,
      response: { 200: transferListSchema },
    },
    handler: async (request) =>
      transfers.listTransfers(deps.db, authOf(request), request.params.id, 'in', request.query),
  });

  r.post(`${base}/transfer-in`, {
    config: { access: { right: 'BA_TRANSFER_IN__CREATE' }, programme },
    schema: {
      tags,
      summary: 'Proposes a transfer in (internal or external), converted to the programme’s schema',
      params: idParams,
      body: transferInInputSchema,
      response: { 201: transferSchema },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await transfers.proposeTransferIn(
            deps.db,
            authOf(request),
            request.params.id,
            request.body,
          ),
        ),
  });

  r.post(`${base}/transfer-in/:transferId/approve`, {
    config: { access: { right: 'BA_TRANSFER_IN__EDIT' }, programme },
    schema: {
      tags,
      summary: 'Approves a proposed transfer in: the credit ledger gets its entry',
      params: transferParams,
      body: transferDecisionSchema,
      response: { 200: transferSchema },
    },
    handler: async (request) =>
      decisions.decideTransferIn(
        deps,
        authOf(request),
        request.params.id,
        request.params.transferId,
        {
          approve: true,
          version: request.body.version,
          reason: request.body.reason,
        },
      ),
  });

  r.post(`${base}/transfer-in/:transferId/reject`, {
    config: { access: { right: 'BA_TRANSFER_IN__EDIT' }, programme },
    schema: {
      tags,
      summary: 'Rejects a proposed transfer in, with the reason',
      params: transferParams,
      body: transferRejectSchema,
      response: { 200: transferSchema },
    },
    handler: async (request) =>
      decisions.decideTransferIn(
        deps,
        authOf(request),
        request.params.id,
        request.params.transferId,
        {
          approve: false,
          version: request.body.version,
          reason: request.body.reason,
        },
      ),
  });

  r.get(`${base}/transfer-out`, {
    config: { access: { right: 'BA_TRANSFER_OUT__DISPLAY' }, programme },
    schema: {
      tags,
      summary: 'Students transferred out to (or reported to) the certifying university',
      params: idParams,
      querystring: transferListQuerySchema,
      response: { 200: transferListSchema },
    },
    handler: async (request) =>
      transfers.listTransfers(deps.db, authOf(request), request.params.id, 'out', request.query),
  });

  r.post(`${base}/transfer-out`, {
    config: { access: { right: 'BA_TRANSFER_OUT__EDIT' }, programme },
    schema: {
      tags,
      summary: 'Marks a student transferred out: a negative ledger entry of their whole progress',
      params: idParams,
      body: transferOutInputSchema,
      response: { 201: transferSchema },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await decisions.transferOut(deps, authOf(request), request.params.id, request.body)),
  });

  r.get(`${base}/transfer-out/grades-out`, {
    config: { access: { right: 'BA_TRANSFER_OUT__DISPLAY' }, programme },
    schema: {
      tags,
      summary: 'The first rows of grades out, converted to a target grading schema',
      params: idParams,
      querystring: gradesOutQuerySchema,
      response: { 200: gradesOutPreviewSchema },
    },
    handler: async (request) =>
      gradesOutPreview(deps.db, authOf(request), request.params.id, request.query),
  });

  // A GET, so the browser's download carries it like every export; it also keeps the file.
  r.get(`${base}/transfer-out/grades-out/export`, {
    config: { access: { right: 'BA_TRANSFER_OUT__EXPORT' }, programme },
    schema: {
      tags,
      summary:
        'Grades out as CSV or XLSX, each row naming its ledger entries; the file is kept as an export batch',
      params: idParams,
      querystring: gradesOutExportSchema,
    },
    handler: async (request, reply) => {
      const done = await exportGradesOut(deps, authOf(request), request.params.id, request.query);
      return reply
        .header(
          'content-disposition',
          `attachment; filename="${done.filename}.${request.query.format}"`,
        )
        .header('cache-control', 'no-store')
        .header('x-export-batch-id', String(done.batchId))
        .header('x-export-rows', String(done.rows))
        .type(EXPORT_MIME[request.query.format])
        .send(done.data);
    },
  });
}
