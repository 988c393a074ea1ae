import { sql } from 'drizzle-orm';
import type { MenuNode } from '@lantern/contracts/current-user';
import type { Mode } from '@lantern/contracts/enums';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../plugins/auth';
import { classScope } from './class-scope';
import { findLmsClasses, findLmsProgrammes, withLmsFlyoutEntries } from './lms-flyouts';
import { buildMenu } from './menu';
import { findFlyoutProgrammes, withFlyoutEntries } from './menu-flyouts';
import { clcScope } from './scope';
import { rows } from './sql';

/**
 * Whether the person learns: a learner's own pages (Progress) are for them. Someone who works in
 * the lms only (a student) learns by their role, with or without a course yet; staff, who hold
 * SUBMISSION__CREATE among all rights, learn only where they are seated in a course.
 */
async function learns(db: Db, auth: AuthContext): Promise<boolean> {
  if (!auth.rights.has('SUBMISSION__CREATE')) return false;
  if (!auth.rights.has('GENERAL_SIS__DISPLAY')) return true;
  const [row] = await rows<{ seated: boolean }>(
    db,
    sql`select exists (select 1 from course_learners where student_id = ${auth.user.jwlId}) as seated`,
  );
  return row?.seated === true;
}

/** The menu of the base data: the nodes the rights open, the flyouts filled for the mode. */
export async function buildMenuWithFlyouts(
  db: Db,
  auth: AuthContext,
  mode: Mode,
): Promise<MenuNode[]> {
  const built = buildMenu(mode, auth.rights);
  const menu =
    built.some((node) => node.id === 'progress') && !(await learns(db, auth))
      ? built.filter((node) => node.id !== 'progress')
      : built;
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
