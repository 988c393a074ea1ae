import type { z } from 'zod';
import {
  ENROLMENT_ACTIONS,
  type ProgrammeStatus,
  type StudyBreak,
  type studyBreakInputSchema,
} from '@lantern/contracts/programme';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { audit } from '../../lib/audit';
import { queueAutomaticMails } from '../../lib/automatic-mails';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { VALIDATION } from '@lantern/contracts/messages';
import { addDays, isCalendarDay, todayUtc } from './enrolments.dates';
import { BREAK_TEXTS, REFUSALS } from './enrolments.texts';
import * as repo from './enrolments.repository';
import { getEnrolmentDetail, reachableProgramme, toBreak } from './enrolments.service';

type Target = { programmeId: number; enrolmentId: number };

/** Breaks are taken where a suspend may happen: while the programme is open. */
const BREAK_STATUSES: readonly ProgrammeStatus[] = ENROLMENT_ACTIONS.suspend.programme;

async function breaksOf(deps: Deps, enrolmentId: number): Promise<StudyBreak[]> {
  const today = todayUtc();
  return (await repo.findBreaks(deps.db, [enrolmentId])).map((b) => toBreak(b, today));
}

/** The enrolment in reach, with its programme; "not found" otherwise. */
async function reach(deps: Deps, auth: AuthContext, target: Target) {
  const programme = await reachableProgramme(deps, auth, target.programmeId);
  const enrolment = await getEnrolmentDetail(deps, auth, target.programmeId, target.enrolmentId);
  return { programme, enrolment };
}

export async function findStudyBreaks(deps: Deps, auth: AuthContext, target: Target) {
  await reach(deps, auth, target);
  return breaksOf(deps, target.enrolmentId);
}

const range = (b: { starts_on: string; ends_on: string }) => `${b.starts_on} to ${b.ends_on}`;

/** A break for an active student of an open programme, overlapping none of their others. */
export async function addStudyBreak(
  deps: Deps,
  auth: AuthContext,
  target: Target,
  input: z.output<typeof studyBreakInputSchema>,
): Promise<StudyBreak[]> {
  const invalid = (['startsOn', 'endsOn'] as const).filter((k) => !isCalendarDay(input[k]));
  if (invalid.length > 0)
    throw invalidFields(Object.fromEntries(invalid.map((k) => [k, VALIDATION.date])));
  const { programme, enrolment } = await reach(deps, auth, target);
  const name = `${enrolment.student.firstName} ${enrolment.student.lastName}`;
  if (!BREAK_STATUSES.includes(programme.status))
    throw new AppError(409, 'CONFLICT', REFUSALS.programme(programme.status, 'suspend'));
  if (enrolment.state !== 'active')
    throw new AppError(409, 'CONFLICT', BREAK_TEXTS.notActive(name, enrolment.state));
  const overlap = (await repo.findBreaks(deps.db, [target.enrolmentId])).find(
    (b) => b.starts_on <= input.endsOn && b.ends_on >= input.startsOn,
  );
  if (overlap) {
    const text = BREAK_TEXTS.overlap(overlap.starts_on, overlap.ends_on);
    throw invalidFields({ startsOn: text });
  }
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  const mailIds = await deps.db.transaction(async (tx) => {
    const id = await repo.insertBreak(tx, {
      enrolmentId: target.enrolmentId,
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      reason,
      createdBy: auth.user.jwlId,
    });
    await repo.touchEnrolment(tx, target.enrolmentId);
    await audit(tx, auth, {
      action: 'break.added',
      entityType: 'enrolment',
      entityId: target.enrolmentId,
      changes: {
        studyBreak: { from: null, to: `${input.startsOn} to ${input.endsOn}` },
        breakId: id,
        ...(reason ? { reason } : {}),
      },
    });
    // A break that has begun raises its event now; a later one when the hourly job sees it begin.
    return input.startsOn <= todayUtc()
      ? queueAutomaticMails(
          tx,
          { type: 'study_break_started', programmeId: target.programmeId, breakIds: [id] },
          deps.config.publicUrl,
        )
      : [];
  });
  deps.mailer.dispatch(mailIds);
  return breaksOf(deps, target.enrolmentId);
}

async function findBreak(deps: Deps, target: Target, breakId: number) {
  const found = (await repo.findBreaks(deps.db, [target.enrolmentId])).find(
    (b) => b.id === breakId,
  );
  if (!found) throw notFound('The study break');
  return found;
}

export async function removeStudyBreak(
  deps: Deps,
  auth: AuthContext,
  target: Target & { breakId: number },
): Promise<StudyBreak[]> {
  await reach(deps, auth, target);
  const found = await findBreak(deps, target, target.breakId);
  await deps.db.transaction(async (tx) => {
    await repo.deleteBreak(tx, found.id);
    await repo.touchEnrolment(tx, target.enrolmentId);
    await audit(tx, auth, {
      action: 'break.removed',
      entityType: 'enrolment',
      entityId: target.enrolmentId,
      changes: { studyBreak: { from: range(found), to: null }, breakId: found.id },
    });
  });
  return breaksOf(deps, target.enrolmentId);
}

/**
 * Ends a break early: it ends yesterday, so the student is back today. A break that has not
 * begun before today is removed instead (it cannot end before it starts).
 */
export async function endStudyBreak(
  deps: Deps,
  auth: AuthContext,
  target: Target & { breakId: number },
): Promise<StudyBreak[]> {
  await reach(deps, auth, target);
  const found = await findBreak(deps, target, target.breakId);
  const today = todayUtc();
  if (found.ends_on < today) throw new AppError(409, 'CONFLICT', BREAK_TEXTS.ended(found.ends_on));
  const yesterday = addDays(today, -1);
  const remove = found.starts_on > yesterday;
  const mailIds = await deps.db.transaction(async (tx) => {
    if (remove) await repo.deleteBreak(tx, found.id);
    else await repo.setBreakEnd(tx, found.id, yesterday);
    await repo.touchEnrolment(tx, target.enrolmentId);
    await audit(tx, auth, {
      action: 'break.ended',
      entityType: 'enrolment',
      entityId: target.enrolmentId,
      changes: {
        studyBreak: {
          from: range(found),
          to: remove ? null : range({ starts_on: found.starts_on, ends_on: yesterday }),
        },
        breakId: found.id,
      },
    });
    return remove
      ? []
      : queueAutomaticMails(
          tx,
          { type: 'study_break_ended', programmeId: target.programmeId, breakIds: [found.id] },
          deps.config.publicUrl,
        );
  });
  deps.mailer.dispatch(mailIds);
  return breaksOf(deps, target.enrolmentId);
}
