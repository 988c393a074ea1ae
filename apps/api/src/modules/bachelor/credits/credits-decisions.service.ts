import { TRANSFER_STATE_LABELS } from '@lantern/contracts/bachelor';
import type { Transfer } from '@lantern/contracts/bachelor-credits';
import { audit } from '../../../lib/audit';
import { queueBachelorMail, type BachelorMailDeps } from '../../../lib/automatic-mails';
import { AppError, notFound } from '../../../lib/errors';
import { assertSecondPerson } from '../../../lib/second-person';
import { clcScope } from '../../../lib/scope';
import type { AuthContext } from '../../../plugins/auth';
import { appendCreditEntries } from './credits.ledger';
import {
  approvedTransferOut,
  insertTransferOut,
  ledgerTotal,
  lockEnrolment,
  recordTransferDecision,
  transferInForDecision,
} from './credits-transfers.repository';
import { enrolmentInReach, num } from './credits.service';
import { getTransfer, refuseWhenCreditHeld } from './credits-transfers.service';

// The decisions on transfers of a bachelor programme (decision 0022): a transfer in approved or
// rejected, a transfer out recorded. Each one transaction with its audit row and its mails.

const OWN_PROPOSAL = 'You proposed this transfer; another person approves it.';

/**
 * Approve or reject a proposed transfer in (BA_TRANSFER_IN__EDIT). Approving appends the ledger
 * entry with all its provenance. A decided transfer is 409 with who decided it; a version other
 * than the one seen is 409 too. Either decision queues the `bachelor_transfer_decided` mails in
 * the same transaction; they are dispatched after the commit.
 */
export async function decideTransferIn(
  deps: BachelorMailDeps,
  auth: AuthContext,
  programmeId: number,
  transferId: number,
  decision: { approve: boolean; version: number; reason?: string },
): Promise<Transfer> {
  const { db } = deps;
  const mailIds = await db.transaction(async (tx) => {
    const t = await transferInForDecision(tx, clcScope(auth), programmeId, transferId);
    if (!t) throw notFound('The transfer');
    if (t.state !== 'proposed') {
      const when = t.decided_at
        ? new Date(t.decided_at).toISOString().slice(0, 16).replace('T', ' ')
        : '';
      throw new AppError(
        409,
        'CONFLICT',
        `This transfer was already ${TRANSFER_STATE_LABELS[t.state as Transfer['state']].toLowerCase()}${t.decided_by ? ` by ${t.decided_by}` : ''}${when ? ` on ${when} UTC` : ''}.`,
      );
    }
    if (t.version !== decision.version)
      throw new AppError(
        409,
        'STALE_VERSION',
        'This transfer changed since you opened it. Reload it and decide again.',
      );
    // Approval is another person's step (the contract); the proposer may still reject their own
    // proposal, which grants nothing (there is no separate withdrawal).
    if (decision.approve) assertSecondPerson(auth, t.proposed_by, OWN_PROPOSAL);
    if (decision.approve) await refuseWhenCreditHeld(tx, t.enrolment_id, t.course_id);
    if (decision.approve && t.converted_grade === null && t.source_schema_id !== null) {
      // Without a converted grade the ledger would hold a grade the programme cannot read.
      throw new AppError(
        409,
        'CONFLICT',
        'No conversion turns this grade into the programme’s schema: add one, then propose again.',
      );
    }
    await recordTransferDecision(tx, transferId, decision, auth.user.jwlId);
    let entryId: number | null = null;
    if (decision.approve) {
      [entryId = null] = await appendCreditEntries(tx, [
        {
          enrolmentId: t.enrolment_id,
          kind: 'transfer-in',
          courseId: t.course_id,
          credits: Number(t.credits),
          transferId: t.id,
          sourceGrade: num(t.source_grade),
          sourceSchemaId: t.source_schema_id,
          sourceSchemaVersion: t.source_schema_version,
          convertedGrade: num(t.converted_grade),
          conversionId: t.conversion_id,
          approvedBy: auth.user.jwlId,
        },
      ]);
    }
    await audit(tx, auth, {
      action: decision.approve ? 'bachelor.transfer-in.approved' : 'bachelor.transfer-in.rejected',
      entityType: 'ba_transfer',
      entityId: transferId,
      changes: { reason: decision.reason ?? null, ledgerEntryId: entryId },
    });
    return queueBachelorMail(
      tx,
      {
        type: 'bachelor_transfer_decided',
        programmeId,
        transferIds: [transferId],
        decision: decision.approve ? 'approved' : 'rejected',
      },
      deps.config.publicUrl,
    );
  });
  deps.mailer.dispatch(mailIds);
  return getTransfer(db, auth, programmeId, transferId);
}

/**
 * A student leaves for (or is reported to) the certifying university: an approved transfer out
 * and a `transfer-out` entry taking their whole progress, with the reason. Once per student.
 * It is decided as it is recorded, so it queues the `bachelor_transfer_decided` mails
 * (`approved`) in the same transaction, as deciding a transfer in does; they are dispatched
 * after the commit.
 */
export async function transferOut(
  deps: BachelorMailDeps,
  auth: AuthContext,
  programmeId: number,
  input: { enrolmentId: number; reason: string },
): Promise<Transfer> {
  const { db } = deps;
  await enrolmentInReach(db, auth, programmeId, input.enrolmentId);
  const { id, mailIds } = await db.transaction(async (tx) => {
    await lockEnrolment(tx, input.enrolmentId);
    const already = await approvedTransferOut(tx, input.enrolmentId);
    if (already)
      throw new AppError(
        409,
        'CONFLICT',
        `This student was already transferred out (#${String(already.id)}).`,
      );
    const total = await ledgerTotal(tx, input.enrolmentId);
    const row = await insertTransferOut(tx, input, total, auth.user.jwlId);
    if (!row) throw new Error('transfer not written');
    const [entryId] = await appendCreditEntries(tx, [
      {
        enrolmentId: input.enrolmentId,
        kind: 'transfer-out',
        credits: -total,
        transferId: row.id,
        approvedBy: auth.user.jwlId,
      },
    ]);
    await audit(tx, auth, {
      action: 'bachelor.transfer-out.recorded',
      entityType: 'ba_transfer',
      entityId: row.id,
      changes: {
        enrolmentId: input.enrolmentId,
        reason: input.reason,
        credits: total,
        ledgerEntryId: entryId,
      },
    });
    const queued = await queueBachelorMail(
      tx,
      {
        type: 'bachelor_transfer_decided',
        programmeId,
        transferIds: [row.id],
        decision: 'approved',
      },
      deps.config.publicUrl,
    );
    return { id: row.id, mailIds: queued };
  });
  deps.mailer.dispatch(mailIds);
  return getTransfer(db, auth, programmeId, id);
}
