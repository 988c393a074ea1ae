import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CERTIFICATE_DIRECT_EXPORT_LIMIT,
  CERTIFICATE_EXPORT_FORMATS,
  certificateExportInputSchema,
  certificateExportQuerySchema,
  certificateExportStatusSchema,
  certificateIssueInputSchema,
  certificateNotFoundSchema,
  certificateVerificationSchema,
  enrolmentActionResultSchema,
  programmeCertificatesSchema,
  PROGRAMME_TYPE_PATHS,
  type ProgrammeType,
} from '@lantern/contracts/programme';
import { errorBodySchema } from '@lantern/contracts/errors';
import {
  certificateRevokedSchema,
  certificateRevokeSchema,
} from '@lantern/contracts/grade-requests';
import { authOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { idParams, localeParams } from '../../lib/params';
import { registerCertificateJobs } from './certificates.jobs';
import * as service from './certificates.service';
import * as exporting from './certificates-export.service';
import { verifyCertificate } from './certificates.verify';

const tags = ['certificates'];
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

function sendExport(reply: FastifyReply, result: exporting.DirectExport) {
  if (result.kind === 'report') return reply.type('application/json').send(result.status);
  return reply
    .header('content-disposition', `attachment; filename="${result.filename}"`)
    .header('cache-control', 'no-store')
    .type(result.mime)
    .send(result.body);
}

export async function certificateRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const log: service.ErrorLog = (error, what) =>
    app.log.error({ err: error }, `${what} could not be made`);
  // Certificates of professional certificates; the other types' come with their screens.
  const programme: ProgrammeType = 'professional';
  const base = `/api/:locale/programme/${PROGRAMME_TYPE_PATHS[programme]}/:id`;
  const jobs = registerCertificateJobs(app, deps, (data) =>
    exporting.runExportJob(deps, log, data),
  );

  r.get(`${base}/certificates`, {
    config: { access: { right: 'CERTIFICATE__DISPLAY' }, programme },
    schema: {
      tags,
      summary: 'The passed students of a programme in scope, each with their certificate or none',
      params: idParams,
      response: { 200: programmeCertificatesSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      service.findProgrammeCertificates(deps, authOf(request), request.params.id),
  });

  r.post(`${base}/certificates`, {
    config: { access: { right: 'CERTIFICATE__CREATE' }, programme },
    schema: {
      tags,
      summary:
        'Issue certificates to the selected passed students (none selected: every passed one without); the others are reported with why',
      params: idParams,
      body: certificateIssueInputSchema,
      response: { 200: enrolmentActionResultSchema, ...errors },
    },
    handler: async (request) =>
      service.issueCertificates(
        deps,
        authOf(request),
        request.params.id,
        request.body.enrolmentIds,
      ),
  });

  r.get('/api/:locale/certificates/:id/pdf', {
    config: { access: { right: 'CERTIFICATE__DISPLAY' } },
    schema: {
      tags,
      summary: 'One certificate as a PDF (A4 landscape)',
      params: localeParams.extend({ id: z.uuid() }),
    },
    handler: async (request, reply) => {
      const pdf = await service.getCertificatePdf(deps, log, authOf(request), request.params.id);
      return reply
        .header('content-disposition', `attachment; filename="${pdf.filename}"`)
        .header('cache-control', 'no-store')
        .type('application/pdf')
        .send(pdf.data);
    },
  });

  r.post('/api/:locale/certificates/:id/revoke', {
    config: { access: { right: 'CERTIFICATE__DELETE' } },
    schema: {
      tags,
      summary:
        'Revoke a certificate (its programme in the caller’s CLC scope), with the reason; verification then answers revoked',
      params: localeParams.extend({ id: z.uuid() }),
      body: certificateRevokeSchema,
      response: { 200: certificateRevokedSchema, ...errors },
    },
    handler: async (request) =>
      service.revokeCertificate(deps, authOf(request), request.params.id, request.body.reason),
  });

  r.post(`${base}/certificates/export`, {
    config: { access: { right: 'CERTIFICATE__EXPORT' }, programme },
    schema: {
      tags,
      summary: `Certificates as a ZIP (one PDF each) or one merged PDF: up to ${CERTIFICATE_DIRECT_EXPORT_LIMIT} come back at once (JSON naming the failures when some fail); more start a job (202) to follow at certificate-exports/{jobId}`,
      params: idParams,
      body: certificateExportInputSchema,
      response: { 202: certificateExportStatusSchema, ...errors },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const { enrolmentIds, format } = request.body;
      const selection = await exporting.selectForExport(
        deps,
        auth,
        request.params.id,
        enrolmentIds,
      );
      if (selection.total > CERTIFICATE_DIRECT_EXPORT_LIMIT)
        return reply.code(202).send(await exporting.startExportJob(jobs, auth, selection, format));
      return sendExport(reply, await exporting.exportDirect(deps, log, auth, selection, format));
    },
  });

  r.get(`${base}/certificates/export/:format`, {
    config: { access: { right: 'CERTIFICATE__EXPORT' }, programme },
    schema: {
      tags,
      summary: `Up to ${CERTIFICATE_DIRECT_EXPORT_LIMIT} certificates as a download (enrolmentIds separated by commas; none: all); more need the POST, which runs a job`,
      params: idParams.extend({ format: z.enum(CERTIFICATE_EXPORT_FORMATS) }),
      querystring: certificateExportQuerySchema,
      response: errors,
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const selection = await exporting.selectForExport(
        deps,
        auth,
        request.params.id,
        request.query.enrolmentIds,
      );
      return sendExport(
        reply,
        await exporting.exportDirect(deps, log, auth, selection, request.params.format),
      );
    },
  });

  r.get('/api/:locale/certificate-exports/:jobId', {
    config: { access: { right: 'CERTIFICATE__EXPORT' } },
    schema: {
      tags,
      summary:
        'How a certificate export job stands: progress, failures, and the download when done',
      params: localeParams.extend({ jobId: z.uuid() }),
      response: { 200: certificateExportStatusSchema, 404: errorBodySchema },
    },
    handler: async (request) =>
      exporting.getExportStatus(deps, jobs, authOf(request), request.params.jobId),
  });

  r.get('/public-api/1.0/certificates/:code', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'Verify a certificate by its code (no sign-in): valid, or revoked; 404 when no certificate has the code',
      params: z.object({ code: z.string().max(40) }),
      response: { 200: certificateVerificationSchema, 404: certificateNotFoundSchema },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const result = await verifyCertificate(deps.db, request.params.code);
      return !result.valid && result.reason === 'not_found' ? reply.code(404).send(result) : result;
    },
  });
}
