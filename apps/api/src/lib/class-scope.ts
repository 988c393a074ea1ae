import { sql, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../plugins/auth';
import { inScope } from './sql';
import { clcScope } from './scope';

/**
 * The classes a request reaches (decision 0008): `clcs` as every CLC-scoped row; `staffOf` the
 * caller's id when they reach only the classes they staff, null when they reach every class of
 * their CLCs.
 */
export type ClassScope = { clcs: number[] | null; staffOf: number | null };

/**
 * Holders of PC_CLASS__DISPLAY reach every class in their CLCs; anyone else who may see classes
 * (CLASSROOM__DISPLAY: facilitators, faculty, teaching assistants) reaches only the classes they
 * staff — faculty are network-wide, so their CLC scope alone would show them every class.
 */
export function classScope(auth: AuthContext): ClassScope {
  return {
    clcs: clcScope(auth),
    staffOf: auth.rights.has('PC_CLASS__DISPLAY') ? null : auth.user.jwlId,
  };
}

/** The condition that a class (its id and CLC columns) is within the scope. */
export function classInScope(classId: SQL, clcId: SQL, scope: ClassScope): SQL {
  const own =
    scope.staffOf === null
      ? sql`true`
      : sql`exists (select 1 from class_staff cs where cs.class_id = ${classId} and cs.user_id = ${scope.staffOf})`;
  return sql`(${inScope(clcId, scope.clcs)} and ${own})`;
}

/**
 * Whether a caller who reaches only the classes they staff still opens a programme's classes
 * where they staff none (decision 0008): they may see the programme itself (its page's right,
 * PC_PROGRAMME__DISPLAY — lead faculty), so its classes are an empty list, not "not found".
 */
export const seesProgrammeOfClasses = (auth: AuthContext): boolean =>
  auth.rights.has('PC_PROGRAMME__DISPLAY');
