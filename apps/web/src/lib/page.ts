/** A full page load, for what must start from a clean app (impersonation starts and ends with
 * one, spec §4). A module of its own so that tests can replace it: jsdom cannot reload. */
export function reloadPage(): void {
  window.location.reload();
}

/** A full page load of another address of the app. */
export function loadPage(path: string): void {
  window.location.assign(path);
}
