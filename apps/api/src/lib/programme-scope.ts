import { and, eq, sql } from 'drizzle-orm';
import { PROGRAMME_TYPES, type ProgrammeType } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import { programmes } from '@lantern/db/schema/programmes';
import type { AuthContext } from '../plugins/auth';
import { notFound } from './errors';
import { MAX_ID } from './params';
import { programmeInReach } from './programme-reach';
import { clcScope } from './scope';

/**
 * What a programme-scoped route declares beside its right: the one type it answers for, or
 * `fromPath` when the type is a path parameter (`automatic-mail/:programmeType/:programmeId`).
 */
export type ProgrammeRouteType = ProgrammeType | 'fromPath';

export type ProgrammeInScope = { id: number; type: ProgrammeType; status: string };

/**
 * The programme of a programme-scoped request: of the route's type and offered at a CLC the
 * request reaches, else "not found" — an id of another type looks exactly like an unknown one.
 * The one check every programme-scoped route goes through (the hook in registerProgrammeScope).
 */
export async function loadProgrammeInScope(
  db: Db,
  auth: AuthContext,
  id: number,
  type: ProgrammeType,
): Promise<ProgrammeInScope> {
  const [row] = await db
    .select({ id: programmes.id, type: programmes.type, status: programmes.status })
    .from(programmes)
    .where(
      and(
        eq(programmes.id, id),
        eq(programmes.type, type),
        // Qualified: in a one-table select Drizzle leaves columns bare (see PROGRAMME_ID).
        programmeInReach(sql.raw('"programmes"."id"'), clcScope(auth)),
      ),
    );
  if (!row) throw notFound('The programme');
  return row;
}

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/**
 * The programme id and type a request names, read from its raw path parameters; null when they
 * are malformed, so that the route's own schema answers 400 for them.
 */
export function programmeOfRequest(
  declared: ProgrammeRouteType,
  params: Record<string, unknown>,
): { id: number; type: ProgrammeType } | null {
  const rawId = declared === 'fromPath' ? params.programmeId : params.id;
  if (typeof rawId !== 'string' || !ID_PATTERN.test(rawId) || Number(rawId) > MAX_ID) return null;
  if (declared !== 'fromPath') return { id: Number(rawId), type: declared };
  const rawType = params.programmeType;
  const type = PROGRAMME_TYPES.find((t) => t === rawType);
  return type ? { id: Number(rawId), type } : null;
}
