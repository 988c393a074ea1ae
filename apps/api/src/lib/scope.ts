import type { AuthContext } from './auth-context';

/**
 * The CLCs a request reaches: null for every CLC (a network-wide role that did not narrow its
 * CLCs), else the CLC ids. Repositories put it in their WHERE, so a row outside is "not found".
 */
export function clcScope(auth: AuthContext): number[] | null {
  return auth.user.roleScope === 'all_clcs' && !auth.clcNarrowed ? null : auth.clcIds;
}
