import { sql, type SQL } from 'drizzle-orm';
import { inList } from './sql';

/**
 * The condition that a programme (its id column) is offered at a CLC the request reaches:
 * always for a network-wide scope (null), never for an empty one. Out of reach is "not found".
 */
export function programmeInReach(programmeId: SQL, scope: number[] | null): SQL {
  if (scope === null) return sql`true`;
  if (scope.length === 0) return sql`false`;
  return sql`exists (select 1 from programme_clcs pc where pc.programme_id = ${programmeId}
    and pc.clc_id in (${inList(scope)}))`;
}
