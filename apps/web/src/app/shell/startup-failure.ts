import { isApiError } from '../../lib/api-errors';

/** What the shell does when the base data cannot be loaded (spec §2 "Startup"). */
export type StartupFailure =
  /** 401: the api client could not refresh and is already on its way to sign-in. */
  | 'signingIn'
  /** No response or 5xx: the study-break panel, with a way to try again. */
  | 'studyBreak'
  /** The stored impersonation is refused (the user is gone, or the right was taken away). */
  | 'endImpersonation'
  /** Any other refusal (400, 403, 404, …): remember the address and sign in again. */
  | 'signIn'
  /** An answer the app cannot read: the generic panel with the configuration text. */
  | 'generic';

export function startupFailure(error: unknown, isImpersonating: boolean): StartupFailure {
  if (!isApiError(error) || error.status === null) {
    return isApiError(error) && error.kind === 'network' ? 'studyBreak' : 'generic';
  }
  if (error.status === 401) return 'signingIn';
  if (error.status >= 500) return 'studyBreak';
  if (error.status >= 400) {
    return isImpersonating && error.code === 'IMPERSONATION_DENIED' ? 'endImpersonation' : 'signIn';
  }
  return 'generic';
}
