import type { MenuNode } from '@lantern/contracts/current-user';
import type { Mode } from '@lantern/contracts/enums';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../plugins/auth';
import { classScope } from './class-scope';
import { findLmsClasses, findLmsProgrammes, withLmsFlyoutEntries } from './lms-flyouts';
import { buildMenu } from './menu';
import { findFlyoutProgrammes, withFlyoutEntries } from './menu-flyouts';
import { clcScope } from './scope';

/** The menu of the base data: the nodes the rights open, the flyouts filled for the mode. */
export async function buildMenuWithFlyouts(
  db: Db,
  auth: AuthContext,
  mode: Mode,
): Promise<MenuNode[]> {
  const menu = buildMenu(mode, auth.rights);
  if (!menu.some((node) => node.flyout)) return menu;
  if (mode === 'lms') {
    const programmes = await findLmsProgrammes(db, auth);
    const classes = menu.some((node) => node.flyout === 'class')
      ? await findLmsClasses(db, auth)
      : { current: [], past: 0 };
    return menu.map((node) => withLmsFlyoutEntries(node, programmes, classes, auth.rights));
  }
  const programmes = await findFlyoutProgrammes(db, auth, clcScope(auth), classScope(auth));
  return menu.map((node) => withFlyoutEntries(node, programmes, auth.rights));
}
