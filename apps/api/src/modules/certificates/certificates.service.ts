import {
  CERTIFICATE_GENERATION_ERROR,
  ENROLMENT_STATE_LABELS,
  type EnrolmentActionResult,
  type ProgrammeCertificates,
} from '@lantern/contracts/programme';
import type { AuthContext } from '../../plugins/auth';
import { AppError, notFound } from '../../lib/errors';
import { audit, auditMany } from '../../lib/audit';
import { queueAutomaticMails } from '../../lib/automatic-mails';
import type { Deps } from '../../lib/deps';
import { clcScope } from '../../lib/scope';
import { newCertificateCode } from './certificates.code';
import { certificateFileName } from './certificates.bundle';
import { createRenderer, type CertificateRenderer } from './certificates.render';
import { certificatePdf } from './certificates.pdf';
import * as repo from './certificates.repository';

/** Where a certificate that failed to render is logged (the caller sees only a sentence). */
export type ErrorLog = (error: unknown, what: string) => void;

/** Today in UTC: certificate dates are UTC dates (spec §9). */
const todayUtc = (): string => new Date().toISOString().slice(0, 10);

export const rendererFor = (deps: Deps): CertificateRenderer =>
  createRenderer({ db: deps.db, files: deps.files, publicUrl: deps.config.publicUrl });

export async function programmeInScope(deps: Deps, auth: AuthContext, id: number) {
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
    const found = await repo.certificateToRevoke(tx, id, clcScope(auth));
    if (!found) throw notFound('The certificate');
    if (found.revoked_at !== null)
      throw new AppError(
        409,
        'CONFLICT',
        `This certificate was already revoked on ${new Date(found.revoked_at).toISOString().slice(0, 10)}.`,
      );
    const done = await repo.setRevoked(tx, id);
    await audit(tx, auth, {
      action: 'certificate.revoked',
      entityType: 'certificate',
      entityId: id,
      changes: { code: found.code, enrolmentId: found.enrolment_id, reason },
    });
    return { id, revokedAt: new Date(done?.revoked_at ?? Date.now()).toISOString() };
  });
}
