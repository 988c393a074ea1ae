import { DEFAULT_LOCALE } from '@lantern/contracts/constants';

/** Turns a path from the API (`student/list`, `/student/list` or `/en/student/list`) into an app address. */
export function appPath(path: string): string {
  const prefix = `/${DEFAULT_LOCALE}/`;
  if (path.startsWith(prefix)) return path;
  return prefix + path.replace(/^\/+/, '');
}
