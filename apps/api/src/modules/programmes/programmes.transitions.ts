import {
  PROGRAMME_ACTIONS,
  type Programme,
  type ProgrammeAction,
  type ProgrammeStatus,
  type ProgrammeType,
} from '@lantern/contracts/programme';
import type { AuthContext } from '../../plugins/auth';
import { AppError, notFound } from '../../lib/errors';
import { finaliseResults, reopenResults } from '../results/public';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { clcScope } from '../../lib/scope';
import { statusText } from '../../lib/programme-status';
import { queueAutomaticMails } from '../../lib/automatic-mails';
import * as repo from './programmes.repository';
import { getProgrammeDetail, staleProgramme } from './programmes.service';

/** The path segment of an action: `finishProgramme` → `finish-programme`. */
export const actionPath = (action: ProgrammeAction): string =>
  action.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** 'a', 'a or b', 'a, b or c'. */
function orList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

/** Why a move is refused: the state the programme is in and the states the move starts from. */
export function refusal(action: ProgrammeAction, status: ProgrammeStatus): string {
  const { label, from } = PROGRAMME_ACTIONS[action];
  return `The programme is ${statusText(status)}; ${label} is possible only from ${orList(from.map(statusText))}.`;
}

const stillActive = (n: number) =>
  `${n} ${n === 1 ? 'student is' : 'students are'} still active; pass or fail them first.`;

/**
 * One move of the programme's status machine (decision 0006), at the version the user saw.
 * The route has checked the action's right; here the state, the students and the version.
 */
export async function moveProgramme(
  deps: Deps,
  auth: AuthContext,
  input: { id: number; type: ProgrammeType; action: ProgrammeAction; version: number },
): Promise<Programme> {
  const { id, type, action, version } = input;
  const { from, to } = PROGRAMME_ACTIONS[action];
  const allowed: readonly ProgrammeStatus[] = from;
  const current = await repo.getProgrammeState(deps.db, clcScope(auth), id, type);
  if (!current) throw notFound('The programme');
  if (current.version !== version) throw staleProgramme();
  if (!allowed.includes(current.status))
    throw new AppError(409, 'CONFLICT', refusal(action, current.status));
  const mails = await deps.db.transaction(async (tx) => {
    // The update comes first: it holds the programme's row while the students are counted.
    if (!(await repo.setStatus(tx, id, version, allowed, to))) throw staleProgramme();
    const by = {
      actorId: auth.user.jwlId,
      impersonatorId: auth.impersonating ? auth.realUser.jwlId : null,
    };
    if (action === 'finishProgramme') {
      const active = await repo.countActiveStudents(tx, id);
      if (active > 0) throw new AppError(409, 'CONFLICT', stillActive(active));
      // The results as they are now become final, in the grade ledger (decision 0021).
      await finaliseResults(tx, id, by);
    }
    if (action === 'reopen') await reopenResults(tx, id, by);
    await audit(tx, auth, {
      action: `programme.${action}`,
      entityType: 'programme',
      entityId: id,
      changes: { status: { from: current.status, to } },
    });
    // The programme's automatic mails for this status, committed with the move.
    return queueAutomaticMails(
      tx,
      { type: 'programme_state_changed', programmeId: id, status: to },
      deps.config.publicUrl,
    );
  });
  deps.mailer.dispatch(mails);
  return getProgrammeDetail(deps, auth, id, type);
}
