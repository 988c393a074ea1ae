import type { z } from 'zod';
import type { Flag, FlagDetail, flagQuerySchema } from '@lantern/contracts/dropout';
import { FLAG_PAGE_SIZE } from '@lantern/contracts/dropout';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { AuthContext } from '../../plugins/auth';
import { notFound } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { clcScope } from '../../lib/scope';
import { classScope } from '../../lib/class-scope';
import { iso, programmeFor, tasksOf } from './dropout.service';
import { toFollowUp } from './dropout-follow-ups.service';
import { classFlagRow, flagPage, flagRow, type FlagRow } from './dropout-flags.repository';
import { followUpsOfFlag } from './dropout-follow-ups.repository';

const toFlag = (r: FlagRow): Flag => ({
  id: Number(r.id),
  itemId: r.item_id,
  criterion: r.criterion,
  enrolmentId: r.enrolment_id,
  studentId: r.student_id,
  name: r.name,
  className: r.class_name,
  status: r.status,
  evidence: r.evidence,
  firstFlaggedAt: iso(r.first_flagged_at),
  evaluatedAt: iso(r.evaluated_at),
  clearedAt: r.cleared_at === null ? null : iso(r.cleared_at),
});

/** The flagged students of a programme in the request's CLC scope, filtered, a page at a time. */
export async function listFlags(
  deps: Deps,
  auth: AuthContext,
  type: ProgrammeType,
  id: number,
  query: z.output<typeof flagQuerySchema>,
) {
  await programmeFor(deps.db, auth, type, id);
  const { found, total } = await flagPage(deps.db, id, clcScope(auth), query);
  return {
    flags: found.map(toFlag),
    total,
    page: query.page,
    pageSize: FLAG_PAGE_SIZE,
  };
}

export async function getFlag(
  deps: Deps,
  auth: AuthContext,
  type: ProgrammeType,
  id: number,
  flagId: number,
): Promise<FlagDetail> {
  await programmeFor(deps.db, auth, type, id);
  const row = await flagRow(deps.db, id, flagId, clcScope(auth));
  if (!row) throw notFound('The flag');
  const followUps = await followUpsOfFlag(deps.db, flagId);
  return {
    flag: toFlag(row),
    tasks: await tasksOf(deps.db, [row.evidence]),
    followUps: followUps.map(toFollowUp),
  };
}

/**
 * How many students of a class are flagged now, for the badge on the class view: its staff
 * (CLASSROOM__DISPLAY) see it for the classes they reach (decision 0008), else 404.
 */
export async function classFlagCount(deps: Deps, auth: AuthContext, classId: number) {
  const row = await classFlagRow(deps.db, classId, classScope(auth));
  if (!row) throw notFound('The class');
  return { flagged: row.flagged };
}
