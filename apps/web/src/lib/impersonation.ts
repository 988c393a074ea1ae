import { HOME_PATHS } from './route-modes';
import { loadPage, reloadPage } from './page';
import { setImpersonatedUsername } from './storage';

/** Where this tab was when its impersonation began (per tab: another tab has its own page). */
const RETURN_KEY = 'lantern.impersonationReturn';

function readReturn(): string | null {
  try {
    return window.sessionStorage.getItem(RETURN_KEY);
  } catch {
    return null;
  }
}

function writeReturn(path: string | null): void {
  try {
    if (path === null) window.sessionStorage.removeItem(RETURN_KEY);
    else window.sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // Without session storage the impersonator comes back home.
  }
}

/** Impersonation starts with a full page load (spec §4), as `username`; the page it starts from
 * is kept, to come back to. */
export function startImpersonation(username: string): void {
  writeReturn(window.location.pathname + window.location.search);
  setImpersonatedUsername(username);
  reloadPage();
}

/** Impersonation ends with a full page load on the page it started from (only an address of
 * the app), or on the home: never on the impersonated person's page, which is not the
 * impersonator's to see. */
export function endImpersonation(): void {
  const back = readReturn();
  writeReturn(null);
  setImpersonatedUsername(null);
  loadPage(back !== null && /^\/en\/(?!\/)/.test(back) ? back : HOME_PATHS.sis);
}
