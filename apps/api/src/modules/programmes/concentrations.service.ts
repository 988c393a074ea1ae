import type { Concentrations } from '@lantern/contracts/programme';
import type { AuthContext } from '../../plugins/auth';
import { missingRight } from '../../plugins/auth';
import { notFound } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { clcScope } from '../../lib/scope';
import * as repo from './concentrations.repository';

type Row = Awaited<ReturnType<typeof repo.findConcentrationProgrammes>>[number];

/** The rows into their groups, keeping the statement's order. */
function group(rows: Row[]): Concentrations {
  const result: Concentrations = {
    professional: [],
    bachelor: [],
    language: [],
    orientation: [],
    error: null,
  };
  for (const row of rows) {
    if (row.programmeType === 'orientation')
      result.orientation.push({
        id: row.id,
        code: row.code,
        title: row.title,
        courseId: row.courses[0]?.id ?? null,
      });
    else if (row.programmeType !== 'gel') result[row.programmeType].push(row);
  }
  return result;
}

/** Every programme the user may see: all for a network-wide role, else those of their CLCs. */
export async function getConcentrations(deps: Deps, auth: AuthContext): Promise<Concentrations> {
  return group(await repo.findConcentrationProgrammes(deps.db, clcScope(auth)));
}

/**
 * A person's own programmes. Anyone may ask for their own; asking for someone else takes
 * PROGRAMME__DISPLAY, and then shows only what the asker may see.
 */
export async function getPersonalConcentrations(
  deps: Deps,
  auth: AuthContext,
  userId: number,
): Promise<Concentrations> {
  if (userId === auth.user.jwlId)
    return group(await repo.findConcentrationProgrammes(deps.db, null, userId));
  if (!auth.rights.has('PROGRAMME__DISPLAY')) throw missingRight('PROGRAMME__DISPLAY');
  const scope = clcScope(auth);
  if (!(await repo.personInScope(deps.db, scope, userId))) throw notFound('The person');
  return group(await repo.findConcentrationProgrammes(deps.db, scope, userId));
}
