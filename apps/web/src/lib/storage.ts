import { STORAGE_KEYS } from '@lantern/contracts/constants';

/** The session keys of spec §9, kept in local storage as the spec says. */
type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function read(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lasts for the page only.
  }
}

export const getAccessToken = (): string | null => read(STORAGE_KEYS.authCode);
export const getRefreshToken = (): string | null => read(STORAGE_KEYS.refreshCode);

export function storeTokens(token: string, refreshToken: string): void {
  write(STORAGE_KEYS.authCode, token);
  write(STORAGE_KEYS.refreshCode, refreshToken);
}

export function clearTokens(): void {
  write(STORAGE_KEYS.authCode, null);
  write(STORAGE_KEYS.refreshCode, null);
}

export const getImpersonatedUsername = (): string | null => read(STORAGE_KEYS.impersonateUsername);
export function setImpersonatedUsername(username: string | null): void {
  write(STORAGE_KEYS.impersonateUsername, username);
}

/** The classroom last opened of an offering (spec §9 currentCourseIndex, decision 0022). */
export const getCurrentCourseIndex = (): string | null => read(STORAGE_KEYS.currentCourseIndex);
export function setCurrentCourseIndex(index: number | null): void {
  write(STORAGE_KEYS.currentCourseIndex, index === null ? null : String(index));
}

/** Only '1' or 'true' turn the debug flag on; '0', 'false' or anything else leave it off. */
export function isDebugEnabled(): boolean {
  const value = read(STORAGE_KEYS.debug);
  return value === '1' || value === 'true';
}

/** Beside REDIRECT_URL: whose session saved it (their JWL-ID), absent when none was signed in. */
const REDIRECT_USER_KEY = STORAGE_KEYS.redirectUrlUser;

/** The user an access token is for (its `sub`), or null when there is none or it is not readable. */
export function tokenUser(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'number' || typeof sub === 'string' ? String(sub) : null;
  } catch {
    return null;
  }
}

/** The address to return to after sign-in (spec §9 REDIRECT_URL). */
export const getRedirectUrl = (): string | null => read(STORAGE_KEYS.redirectUrl);

/**
 * Saves the address to return to after sign-in, with the user whose session saved it (by
 * default the access token held now; a session that just expired names its user); without a
 * session, no user. Null clears both.
 */
export function setRedirectUrl(
  url: string | null,
  savedBy: string | null = tokenUser(getAccessToken()),
): void {
  write(STORAGE_KEYS.redirectUrl, url);
  write(REDIRECT_USER_KEY, url === null ? null : savedBy);
}

/**
 * The saved address for the user who has just signed in (their access token), and clears it:
 * only when that user's session saved it, or it was saved with no session; otherwise null
 * (someone signing in after another on the same browser does not land on their last page).
 */
export function takeRedirectUrl(signedInToken: string): string | null {
  const url = read(STORAGE_KEYS.redirectUrl);
  const savedBy = read(REDIRECT_USER_KEY);
  setRedirectUrl(null);
  if (url === null) return null;
  return savedBy === null || savedBy === tokenUser(signedInToken) ? url : null;
}

/** Keys of the resume map of unfinished uploads contain this (resumable-upload.ts). */
export const RESUME_KEY_PREFIX = 'lantern-upload:';
/** Unsent answer drafts of the lms are kept under this prefix, keyed by user and task. */
export const DRAFT_KEY_PREFIX = 'lantern-draft:';
/** Unsent quiz answers, keyed by user and attempt (decision 0020 §3.4). */
export const QUIZ_KEY_PREFIX = 'lantern-quiz:';

/** Removes every stored key that contains `part`. */
function removeKeysWith(part: string): void {
  try {
    const storage = window.localStorage;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.includes(part)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept in it.
  }
}

/** Removes the resume map: a shared phone keeps nothing of the last user's uploads. */
export const clearResumeMap = (): void => removeKeysWith(RESUME_KEY_PREFIX);
/** Removes every unsent draft: a shared phone keeps nothing of one learner for the next. */
export const clearDrafts = (): void => {
  removeKeysWith(DRAFT_KEY_PREFIX);
  removeKeysWith(QUIZ_KEY_PREFIX);
};

/** Sign-out and failed refresh: no tokens, no impersonation, no uploads or drafts left behind. */
export function clearSession(): void {
  clearTokens();
  setImpersonatedUsername(null);
  clearResumeMap();
  clearDrafts();
}
