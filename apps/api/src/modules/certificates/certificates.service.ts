import { sql } from 'drizzle-orm';
import {
  CERTIFICATE_DIRECT_EXPORT_LIMIT,
  CERTIFICATE_GENERATION_ERROR,
  ENROLMENT_STATE_LABELS,
  type CertificateExportFormat,
  type CertificateExportStatus,
  type CertificateFailure,
  type EnrolmentActionResult,
  type ProgrammeCertificates,
} from '@lantern/contracts/programme';
import type { AuthContext } from '../../plugins/auth';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { audit, auditMany } from '../../lib/audit';
import { queueAutomaticMails } from '../../lib/automatic-mails';
import type { Deps } from '../../lib/deps';
import { insertFile } from '../../lib/files';
import { clcScope } from '../../lib/scope';
import { programmeInReach } from '../../lib/programme-reach';
import { rows } from '../../lib/sql';
import { newCertificateCode } from './certificates.code';
import {
  certificateFileName,
  mergePdfs,
  zipBuffer,
  zipStream,
  type NamedPdf,
} from './certificates.bundle';
import { createRenderer, type CertificateRenderer } from './certificates.render';
import { certificatePdf, certificatePdfs } from './certificates.pdf';
import type { CertificateJobs, ExportJobData, ExportJobOutput } from './certificates.jobs';
import * as repo from './certificates.repository';

/** Where a certificate that failed to render is logged (the caller sees only a sentence). */
export type ErrorLog = (error: unknown, what: string) => void;

/** Today in UTC: certificate dates are UTC dates (spec §9). */
const todayUtc = (): string => new Date().toISOString().slice(0, 10);

const rendererFor = (deps: Deps): CertificateRenderer =>
  createRenderer({ db: deps.db, files: deps.files, publicUrl: deps.config.publicUrl });

async function programmeInScope(deps: Deps, auth: AuthContext, id: number) {
  const programme = await repo.getProgrammeInScope(deps.db, id, clcScope(auth));
  if (!programme) throw notFound('The programme');
  return programme;
}

const canIssue = (p: repo.ProgrammeRef): boolean =>
  Boolean(p.certificateText && p.certifyingUniversity) && p.status !== 'cancelled';

export async function findProgrammeCertificates(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
): Promise<ProgrammeCertificates> {
  const programme = await programmeInScope(deps, auth, programmeId);
  const rows = await repo.findPassedStudents(deps.db, programmeId, clcScope(auth));
  return {
    programme: {
      id: programme.id,
      code: programme.code,
      title: programme.title,
      type: programme.type,
      status: programme.status,
      canIssue: canIssue(programme),
    },
    items: rows.map((r) => ({
      enrolmentId: r.enrolmentId,
      student: { id: r.userId, firstName: r.firstName, lastName: r.lastName },
      clc: r.clcId !== null && r.clcCode !== null ? { id: r.clcId, code: r.clcCode } : null,
      certificate:
        r.certificateId && r.code && r.issuedOn
          ? {
              id: r.certificateId,
              code: r.code,
              issuedOn: r.issuedOn,
              revoked: r.revokedAt !== null,
            }
          : null,
    })),
  };
}

const NOT_IN_PROGRAMME = 'Not a student of this programme.';

/** Why a student gets no certificate, or null when they get one. */
function refusal(c: repo.IssueCandidate | undefined): string | null {
  if (!c) return NOT_IN_PROGRAMME;
  if (c.state !== 'completed')
    return `Only passed students get a certificate; this student is ${ENROLMENT_STATE_LABELS[c.state].toLowerCase()}.`;
  if (c.existingCode) return `Already has certificate ${c.existingCode}.`;
  if (!c.clcName) return 'Has no CLC, and a certificate names the student’s CLC.';
  return null;
}

/**
 * Issues certificates to passed students who have none: the selected ones, or every one.
 * Each certificate keeps what it says at this moment (name, programme, CLC, signee), so a later
 * edit changes no certificate already handed out. A selected student who cannot get one is
 * reported with the reason, like a bulk action.
 */
export async function issueCertificates(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  enrolmentIds: number[] | undefined,
): Promise<EnrolmentActionResult> {
  const programme = await programmeInScope(deps, auth, programmeId);
  if (programme.status === 'cancelled')
    throw new AppError(409, 'CONFLICT', 'The programme was cancelled; it gives no certificates.');
  const { certificateText, certifyingUniversity } = programme;
  if (!certificateText || !certifyingUniversity)
    throw new AppError(
      409,
      'CONFLICT',
      'The programme has no certificate text or certifying university yet. Add them on its edit page first.',
    );
  const issuedOn = todayUtc();
  const scope = clcScope(auth);

  const { result, mailIds } = await deps.db.transaction(async (tx) => {
    const candidates = await repo.findIssueCandidates(tx, programmeId, scope, enrolmentIds);
    const byId = new Map(candidates.map((c) => [c.enrolmentId, c]));
    const refused: EnrolmentActionResult['refused'] = [];
    const rows: repo.NewCertificate[] = [];
    for (const id of new Set(enrolmentIds ?? byId.keys())) {
      const c = byId.get(id);
      // In "every passed student", one who has a certificate is simply done already.
      if (!enrolmentIds && c?.existingCode) continue;
      const reason = refusal(c);
      if (reason || !c?.clcName) {
        refused.push({ enrolmentId: id, reason: reason ?? NOT_IN_PROGRAMME });
        continue;
      }
      rows.push({
        enrolmentId: id,
        code: newCertificateCode(),
        studentName: `${c.firstName} ${c.lastName}`.trim(),
        programmeTitle: programme.title,
        certificateText,
        certifyingUniversity,
        clcName: c.clcName,
        signeeName: c.signeeName,
        signeeTitle: c.signeeTitle,
        issuedOn,
      });
    }
    const made = await repo.insertCertificates(tx, rows);
    await auditMany(
      tx,
      auth,
      made.map((m) => ({
        action: 'certificate.issued',
        entityType: 'enrolment',
        entityId: m.enrolmentId,
        changes: { certificateId: m.id, code: m.code, issuedOn },
      })),
    );
    // The programme's 'certificate issued' mails, committed or rolled back with the certificates.
    const queued = await queueAutomaticMails(
      tx,
      { type: 'certificate_issued', programmeId, certificateIds: made.map((m) => m.id) },
      deps.config.publicUrl,
    );
    return { result: { done: made.map((m) => m.enrolmentId), refused }, mailIds: queued };
  });
  deps.mailer.dispatch(mailIds);
  return result;
}

/** One certificate's PDF for download. */
export async function getCertificatePdf(
  deps: Deps,
  log: ErrorLog,
  auth: AuthContext,
  id: string,
): Promise<{ data: Buffer; filename: string }> {
  const record = await repo.getCertificateInScope(deps.db, id, clcScope(auth));
  if (!record) throw notFound('The certificate');
  try {
    const data = await certificatePdf(deps, record, rendererFor(deps), auth.user.jwlId);
    return { data, filename: certificateFileName(record.code, record.lastName) };
  } catch (error) {
    log(error, `certificate ${record.code}`);
    throw new AppError(500, 'INTERNAL', CERTIFICATE_GENERATION_ERROR);
  }
}

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

/**
 * Revokes a certificate (decision 0021 §2.3), in the programme's CLC scope: sets `revoked_at`
 * (public verification then answers "revoked"), audited with the reason. Already revoked: 409.
 */
export async function revokeCertificate(
  deps: Deps,
  auth: AuthContext,
  id: string,
  reason: string,
): Promise<{ id: string; revokedAt: string }> {
  return deps.db.transaction(async (tx) => {
    const [found] = await rows<{
      revoked_at: string | Date | null;
      code: string;
      enrolment_id: number;
    }>(
      tx,
      sql`select ct.revoked_at, ct.code, ct.enrolment_id from certificates ct
          join enrolments e on e.id = ct.enrolment_id
          where ct.id = ${id} and ${programmeInReach(sql`e.programme_id`, clcScope(auth))}
          for update of ct`,
    );
    if (!found) throw notFound('The certificate');
    if (found.revoked_at !== null)
      throw new AppError(
        409,
        'CONFLICT',
        `This certificate was already revoked on ${new Date(found.revoked_at).toISOString().slice(0, 10)}.`,
      );
    const [done] = await rows<{ revoked_at: string | Date }>(
      tx,
      sql`update certificates set revoked_at = now() where id = ${id} returning revoked_at`,
    );
    await audit(tx, auth, {
      action: 'certificate.revoked',
      entityType: 'certificate',
      entityId: id,
      changes: { code: found.code, enrolmentId: found.enrolment_id, reason },
    });
    return { id, revokedAt: new Date(done?.revoked_at ?? Date.now()).toISOString() };
  });
}
