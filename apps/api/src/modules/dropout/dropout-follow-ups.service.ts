import type { z } from 'zod';
import type {
  FollowUp,
  followUpInputSchema,
  followUpQuerySchema,
} from '@lantern/contracts/dropout';
import type { AuthContext } from '../../plugins/auth';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { clcScope } from '../../lib/scope';
import { iso, tasksOf } from './dropout.service';
import {
  followUpPage,
  followUpRow,
  recordFollowUp,
  type FollowUpReach,
  type FollowUpRow,
} from './dropout-follow-ups.repository';

export const toFollowUp = (r: FollowUpRow): FollowUp => ({
  id: Number(r.id),
  flagId: Number(r.flag_id),
  assigneeRole: r.assignee_role,
  kind: r.kind,
  status: r.status,
  outcome: r.outcome,
  doneBy: r.done_by,
  doneAt: r.done_at === null ? null : iso(r.done_at),
  student: r.student,
  programme: r.programme,
  programmeId: r.programme_id,
  programmeType: r.programme_type,
  className: r.class_name,
  criterion: r.criterion,
  flagStatus: r.flag_status,
  evidence: r.evidence,
  firstFlaggedAt: iso(r.first_flagged_at),
  clearedAt: r.cleared_at === null ? null : iso(r.cleared_at),
  version: r.version,
});
/**
 * The follow-ups a user is the assignee of: coordinator ones of their CLCs for coordinators,
 * facilitator ones of the classes they facilitate; holders of DROPOUT_FLAGGING__EDIT reach
 * every follow-up of their scope.
 */
function followUpReach(auth: AuthContext): FollowUpReach {
  return {
    userId: auth.user.jwlId,
    isCoordinator: auth.user.roleKeys.some((r) => r === 'COORDINATOR' || r === 'LEAD_COORDINATOR'),
    clcIds: auth.clcIds,
    editorScope: auth.rights.has('DROPOUT_FLAGGING__EDIT') ? clcScope(auth) : false,
  };
}

/**
 * The follow-ups the user is responsible for, open or done, searched (student, programme,
 * class), filtered by criterion, sorted (by default the oldest flag first, the longest waiting
 * on top) and a page at a time, with the tasks their evidence names; or the one of a flag (the
 * notification's link).
 */
export async function listMyFollowUps(
  deps: Deps,
  auth: AuthContext,
  query: z.output<typeof followUpQuerySchema>,
) {
  const { page, open, done } = await followUpPage(deps.db, followUpReach(auth), query);
  return {
    followUps: page.map(toFollowUp),
    tasks: await tasksOf(
      deps.db,
      page.map((r) => r.evidence),
    ),
    counts: { open, done },
    total: query.flagId === undefined ? (query.status === 'open' ? open : done) : page.length,
    page: query.page,
    pageSize: query.limit,
  };
}

export async function updateFollowUp(
  deps: Deps,
  auth: AuthContext,
  followUpId: number,
  input: z.output<typeof followUpInputSchema>,
): Promise<FollowUp> {
  return deps.db.transaction(async (tx) => {
    const current = await followUpRow(tx, followUpId, followUpReach(auth));
    if (!current) throw notFound('The follow-up');
    const row = await recordFollowUp(tx, followUpId, auth.user.jwlId, input);
    if (!row)
      throw new AppError(
        409,
        'STALE_VERSION',
        'Someone else recorded this follow-up meanwhile: reload it to see what they wrote.',
        { current: toFollowUp(current) },
      );
    await audit(tx, auth, {
      action: 'dropout_follow_up.recorded',
      entityType: 'dropout_follow_up',
      entityId: followUpId,
      changes: { kind: input.kind, outcome: input.outcome },
    });
    const after = await followUpRow(tx, followUpId);
    if (!after) throw notFound('The follow-up');
    return toFollowUp(after);
  });
}
