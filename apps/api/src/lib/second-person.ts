import type { AuthContext } from '../plugins/auth';
import { AppError } from './errors';

/**
 * Approval is another person's step: who asked for a change (a grade-change request, a
 * transfer in) never decides it. Nor does the person behind an impersonation, so nobody
 * approves their own proposal by acting as someone else, or someone else's as themselves.
 * Every path that decides a proposal calls this on the locked row, before it writes.
 */
export function assertSecondPerson(
  auth: AuthContext,
  askedBy: number | null,
  sentence: string,
): void {
  if (askedBy === null) return;
  if (askedBy === auth.user.jwlId || askedBy === auth.realUser.jwlId)
    throw new AppError(409, 'CONFLICT', sentence);
}
