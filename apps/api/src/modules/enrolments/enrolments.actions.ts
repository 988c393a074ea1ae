import {
  ENROLMENT_ACTIONS,
  type EnrolmentAction,
  type EnrolmentActionResult,
  type EnrolmentState,
  type ProgrammeStatus,
} from '@lantern/contracts/programme';
import { VALIDATION } from '@lantern/contracts/messages';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { invalidFields } from '../../lib/errors';
import { clcScope } from '../../lib/scope';
import { isCalendarDay, todayUtc } from './enrolments.dates';
import { MAX_ID } from '../../lib/params';
import { queueAutomaticMails } from '../../lib/automatic-mails';
import { queueInvitations, type Invitee } from './enrolments.invitations';
import * as repo from './enrolments.repository';
import * as actionsRepo from './enrolments.actions.repository';
import { reachableProgramme } from './enrolments.service';
import { BREAK_TEXTS, REFUSALS } from './enrolments.texts';

export type ActionInput = {
  enrolmentIds: number[];
  reason?: string | undefined;
  breakEndsOn?: string | undefined;
};

/**
 * One action on one or many students of a programme. Each is checked on its own (in reach,
 * the programme's status, their state); the allowed ones move together in one transaction and
 * the others come back with the reason.
 */
export async function runEnrolmentAction(
  deps: Deps,
  auth: AuthContext,
  input: { programmeId: number; action: EnrolmentAction; data: ActionInput },
): Promise<EnrolmentActionResult> {
  const { programmeId, action, data } = input;
  const rule = ENROLMENT_ACTIONS[action];
  const today = todayUtc();
  const reason = data.reason?.trim() ? data.reason.trim() : null;
  if (action === 'suspend') {
    if (!data.breakEndsOn) throw invalidFields({ breakEndsOn: VALIDATION.required });
    // The contract's date check lets through days no calendar has (2030-02-30).
    if (!isCalendarDay(data.breakEndsOn)) throw invalidFields({ breakEndsOn: VALIDATION.date });
    if (data.breakEndsOn < today) throw invalidFields({ breakEndsOn: BREAK_TEXTS.endBeforeToday });
  }
  const programme = await reachableProgramme(deps, auth, programmeId);
  const ids = [...new Set(data.enrolmentIds)];
  const targets = await actionsRepo.findActionTargets(deps.db, {
    programmeId,
    // An id beyond the column's range is no enrolment (and must not reach the database).
    ids: ids.filter((id) => id <= MAX_ID),
    scope: clcScope(auth),
  });
  const byId = new Map(targets.map((t) => [t.id, t]));
  const nameOf = (t: actionsRepo.ActionTarget) => `${t.firstName} ${t.lastName}`;
  // Breaks that would overlap the new one (suspend only): from today on.
  const breaks =
    action === 'suspend'
      ? await repo.findBreaks(
          deps.db,
          targets.map((t) => t.id),
          today,
        )
      : [];
  const breakEndsOn = data.breakEndsOn ?? today;

  const refused: EnrolmentActionResult['refused'] = [];
  const allowed: actionsRepo.ActionTarget[] = [];
  const programmeOpen = (rule.programme as readonly ProgrammeStatus[]).includes(programme.status);
  for (const id of ids) {
    const target = byId.get(id);
    if (!target) {
      refused.push({ enrolmentId: id, reason: REFUSALS.notFound(id) });
      continue;
    }
    if (!programmeOpen) {
      refused.push({ enrolmentId: id, reason: REFUSALS.programme(programme.status, action) });
      continue;
    }
    if (!(rule.from as readonly EnrolmentState[]).includes(target.state)) {
      refused.push({
        enrolmentId: id,
        reason: REFUSALS.state(nameOf(target), target.state, action),
      });
      continue;
    }
    const overlap = breaks.find(
      (b) => b.enrolment_id === id && b.starts_on <= breakEndsOn && b.ends_on >= today,
    );
    if (overlap) {
      refused.push({
        enrolmentId: id,
        reason: REFUSALS.onBreak(nameOf(target), overlap.starts_on, overlap.ends_on),
      });
      continue;
    }
    allowed.push(target);
  }
  if (allowed.length === 0) return { done: [], refused };

  const extra =
    action === 'suspend' ? { studyBreak: { from: null, to: `${today} to ${breakEndsOn}` } } : {};
  const { moved, mailIds, status } = await deps.db.transaction(async (tx) => {
    // The programme's status is read again under a lock: it may have moved since the checks.
    const status = (await actionsRepo.lockProgrammeStatus(tx, programmeId)) ?? programme.status;
    if (!(rule.programme as readonly ProgrammeStatus[]).includes(status))
      return { moved: [], mailIds: [], status };
    const moved = await actionsRepo.moveEnrolments(tx, auth, {
      ids: allowed.map((t) => t.id),
      from: rule.from,
      to: rule.to,
      action,
      reason,
      extra,
    });
    const movedIds = moved.map((m) => m.id);
    const publicUrl = deps.config.publicUrl;
    // The programme's automatic mails on this event, in the same transaction as the change.
    const mailIds =
      action === 'suspend'
        ? await queueAutomaticMails(
            tx,
            {
              type: 'study_break_started',
              programmeId,
              breakIds: await actionsRepo.insertBreaks(tx, {
                enrolmentIds: movedIds,
                startsOn: today,
                endsOn: breakEndsOn,
                reason,
                createdBy: auth.user.jwlId,
              }),
            },
            publicUrl,
          )
        : await queueAutomaticMails(
            tx,
            { type: 'student_state_changed', programmeId, enrolmentIds: movedIds, state: rule.to },
            publicUrl,
          );
    if (action === 'accept') {
      const invitees: Invitee[] = allowed
        .filter((t) => movedIds.includes(t.id) && !t.hasPassword && t.email)
        .map((t) => ({
          enrolmentId: t.id,
          userId: t.userId,
          firstName: t.firstName,
          username: t.username,
          email: t.email ?? '',
        }));
      mailIds.push(...(await queueInvitations(tx, { invitees, programme, publicUrl })));
    }
    return { moved, mailIds, status };
  });
  deps.mailer.dispatch(mailIds);
  const done = new Set(moved.map((m) => m.id));
  for (const target of allowed) {
    if (done.has(target.id)) continue;
    refused.push({
      enrolmentId: target.id,
      reason:
        status === programme.status
          ? REFUSALS.changed(nameOf(target))
          : REFUSALS.programme(status, action),
    });
  }
  // In the order asked for, so the caller can match them to its selection.
  const order = new Map(ids.map((id, i) => [id, i]));
  refused.sort((a, b) => (order.get(a.enrolmentId) ?? 0) - (order.get(b.enrolmentId) ?? 0));
  return { done: ids.filter((id) => done.has(id)), refused };
}
