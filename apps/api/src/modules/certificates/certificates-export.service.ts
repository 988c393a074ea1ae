import {
  CERTIFICATE_DIRECT_EXPORT_LIMIT,
  type CertificateExportFormat,
  type CertificateExportStatus,
  type CertificateFailure,
} from '@lantern/contracts/programme';
import type { AuthContext } from '../../plugins/auth';
import { badRequest, notFound } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { insertFile } from '../../lib/files';
import { clcScope } from '../../lib/scope';
import { mergePdfs, zipBuffer, zipStream, type NamedPdf } from './certificates.bundle';
import { certificatePdfs } from './certificates.pdf';
import type { CertificateJobs, ExportJobData, ExportJobOutput } from './certificates.jobs';
import * as repo from './certificates.repository';
import { programmeInScope, rendererFor, type ErrorLog } from './certificates.service';

// Exports of a programme's certificates: small ones made during the request, large ones as a
// job whose status the screen polls (decision 0021).

type Selection = {
  programme: repo.ProgrammeRef;
  records: repo.CertificateRecord[];
  /** Selected students without a certificate, failed before anything is rendered. */
  missing: CertificateFailure[];
  total: number;
};

/** The certificates an export covers: the selected students', or every one of the programme. */
export async function selectForExport(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  enrolmentIds: number[] | undefined,
): Promise<Selection> {
  const programme = await programmeInScope(deps, auth, programmeId);
  const scope = clcScope(auth);
  const ids = enrolmentIds ? [...new Set(enrolmentIds)] : undefined;
  const records = await repo.findCertificates(deps.db, programmeId, scope, ids);
  const found = new Set(records.map((r) => r.enrolmentId));
  const absent = ids?.filter((id) => !found.has(id)) ?? [];
  const names = await repo.findEnrolmentNames(deps.db, programmeId, scope, absent);
  const missing = absent.map((enrolmentId) => {
    const name = names.get(enrolmentId);
    return {
      enrolmentId,
      name: name ?? '',
      error: name
        ? 'No certificate has been issued to this student.'
        : 'Not a student of this programme.',
    };
  });
  const total = records.length + missing.length;
  if (records.length === 0)
    throw badRequest(
      ids
        ? 'None of the selected students has a certificate yet. Issue their certificates first.'
        : 'No certificate has been issued in this programme yet. Issue the certificates first.',
    );
  return { programme, records, missing, total };
}

const EXPORT_MIME: Record<CertificateExportFormat, string> = {
  zip: 'application/zip',
  pdf: 'application/pdf',
};

export const exportFileName = (programmeCode: string, format: CertificateExportFormat) =>
  `certificates-${programmeCode}.${format}`;

async function bundle(pdfs: NamedPdf[], format: CertificateExportFormat): Promise<Buffer> {
  return format === 'zip' ? zipBuffer(pdfs) : mergePdfs(pdfs.map((p) => p.data));
}

/** Keeps an export's file in the store, named for its download; its id. */
async function storeExport(
  deps: Pick<Deps, 'db' | 'files'>,
  data: Buffer,
  options: { ownerId: number; name: string; format: CertificateExportFormat },
): Promise<string> {
  const { storageKey, sha256 } = await deps.files.put(data);
  try {
    return await insertFile(deps.db, {
      ownerId: options.ownerId,
      // The file route names the download after its kind.
      kind: options.name,
      mime: EXPORT_MIME[options.format],
      size: data.length,
      sha256,
      storageKey,
    });
  } catch (error) {
    await deps.files.remove(storageKey);
    throw error;
  }
}

export type DirectExport =
  | { kind: 'file'; body: Buffer | NodeJS.ReadableStream; filename: string; mime: string }
  | { kind: 'report'; status: CertificateExportStatus };

/**
 * A small export made during the request. When every certificate came out it is the file; when
 * some failed, it is a report naming them with a link to what did come out.
 */
export async function exportDirect(
  deps: Deps,
  log: ErrorLog,
  auth: AuthContext,
  selection: Selection,
  format: CertificateExportFormat,
): Promise<DirectExport> {
  if (selection.total > CERTIFICATE_DIRECT_EXPORT_LIMIT)
    throw badRequest(
      `More than ${CERTIFICATE_DIRECT_EXPORT_LIMIT} certificates are made as a job: send the export with POST.`,
    );
  const { pdfs, failed } = await certificatePdfs(
    deps,
    selection.records,
    rendererFor(deps),
    auth.user.jwlId,
    (error, record) => log(error, `certificate ${record.code}`),
  );
  const name = exportFileName(selection.programme.code, format);
  const allFailed = [...selection.missing, ...failed];
  if (allFailed.length === 0) {
    const body = format === 'zip' ? zipStream(pdfs) : await mergePdfs(pdfs.map((p) => p.data));
    return { kind: 'file', body, filename: name, mime: EXPORT_MIME[format] };
  }
  const data = pdfs.length > 0 ? await bundle(pdfs, format) : null;
  const fileId = data
    ? await storeExport(deps, data, { ownerId: auth.user.jwlId, name, format })
    : null;
  return {
    kind: 'report',
    status: {
      jobId: null,
      state: fileId ? 'done' : 'failed',
      done: pdfs.length,
      total: selection.total,
      failed: allFailed,
      downloadUrl: fileId ? deps.files.signedUrl(fileId) : null,
    },
  };
}

/** A large export handed to the job queue; its first status. */
export async function startExportJob(
  jobs: CertificateJobs,
  auth: AuthContext,
  selection: Selection,
  format: CertificateExportFormat,
): Promise<CertificateExportStatus> {
  const jobId = await jobs.send({
    programmeId: selection.programme.id,
    programmeCode: selection.programme.code,
    format,
    requestedBy: auth.user.jwlId,
    certificateIds: selection.records.map((r) => r.id),
    missing: selection.missing,
  });
  return {
    jobId,
    state: 'queued',
    done: 0,
    total: selection.total,
    failed: [],
    downloadUrl: null,
  };
}

/** The work of one export job: every certificate's PDF, then the ZIP or merged PDF, stored. */
export async function runExportJob(
  deps: Deps,
  log: ErrorLog,
  data: ExportJobData,
): Promise<ExportJobOutput> {
  // A certificate deleted since the request (its student left the programme) is skipped.
  const records = await repo.findCertificatesByIds(deps.db, data.certificateIds);
  const { pdfs, failed } = await certificatePdfs(
    deps,
    records,
    rendererFor(deps),
    data.requestedBy,
    (error, record) => log(error, `certificate ${record.code}`),
  );
  const fileId =
    pdfs.length > 0
      ? await storeExport(deps, await bundle(pdfs, data.format), {
          ownerId: data.requestedBy,
          name: exportFileName(data.programmeCode, data.format),
          format: data.format,
        })
      : null;
  return { done: pdfs.length, failed: [...data.missing, ...failed], fileId };
}

const isOutput = (value: unknown): value is ExportJobOutput =>
  typeof value === 'object' &&
  value !== null &&
  'done' in value &&
  'failed' in value &&
  Array.isArray(value.failed);

/** Where an export job stands: queued, running with how many are done, or finished. */
export async function getExportStatus(
  deps: Deps,
  jobs: CertificateJobs,
  auth: AuthContext,
  jobId: string,
): Promise<CertificateExportStatus> {
  const job = await jobs.get(jobId);
  // A job of a programme out of the caller's reach is as good as none.
  if (!job || !(await repo.getProgrammeInScope(deps.db, job.data.programmeId, clcScope(auth))))
    throw notFound('The export');
  const { data } = job;
  const total = data.certificateIds.length + data.missing.length;
  const base = { jobId, total, failed: [], downloadUrl: null };
  switch (job.state) {
    case 'created':
      return { ...base, state: 'queued', done: 0 };
    case 'active':
    case 'retry':
      return {
        ...base,
        state: 'running',
        done: await repo.countStoredPdfs(deps.db, data.certificateIds),
      };
    case 'completed': {
      if (!isOutput(job.output)) return { ...base, state: 'failed', done: 0 };
      const { output } = job;
      return {
        jobId,
        state: output.fileId ? 'done' : 'failed',
        done: output.done,
        total,
        failed: output.failed,
        downloadUrl: output.fileId ? deps.files.signedUrl(output.fileId) : null,
      };
    }
    default:
      // Failed as a whole (the worker stopped, or it ran out of time) or cancelled.
      return { ...base, state: 'failed', done: 0 };
  }
}
