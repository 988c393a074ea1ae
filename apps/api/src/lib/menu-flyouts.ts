import { sql, type SQL } from 'drizzle-orm';
import type { MenuItem, MenuNode } from '@lantern/contracts/current-user';
import { MENU_PAGES, pagePath, type MenuPageKey } from '@lantern/contracts/pages';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../plugins/auth';
import { classInScope, type ClassScope } from './class-scope';
import { courseReach } from './learning-scope';
import { programmeInReach } from './programme-reach';
import { rows } from './sql';

type Flyout = NonNullable<MenuNode['flyout']>;

export type FlyoutProgramme = {
  id: number;
  code: string;
  title: string;
  type: ProgrammeType;
  startDate: string;
  endDate: string;
  /** Whether the caller reaches one of its classes (always true for PC_CLASS__DISPLAY holders). */
  hasOwnClass: boolean;
  /**
   * The first of its courses the caller reaches in the lms (decision 0019, course reach), or
   * null when there is none or the caller has no lms mode: then no lms page of it opens.
   */
  lmsCourseId: number | null;
};

/** Whether the caller may work in lms mode: the right, and never system role manager (spec §3). */
export const opensLms = (auth: AuthContext): boolean =>
  auth.rights.has('GENERAL_LMS__DISPLAY') && auth.user.systemRole !== 'manager';

/** The first course of programme `p` the caller reaches in the lms, by the courses' order. */
export function firstLmsCourse(auth: AuthContext): SQL {
  if (!opensLms(auth)) return sql`null::int`;
  return sql`(select c.id from programme_courses c where c.programme_id = p.id
      and ${courseReach(sql`c.id`, sql`p.id`, auth)} order by c.position, c.id limit 1)`;
}

/** The columns of a flyout programme `p` (see FlyoutProgramme), for both modes' statements. */
export const flyoutColumns = (auth: AuthContext, ownClass: SQL): SQL =>
  sql`p.id, p.code, p.title, p.type::text as type, p.start_date::text as "startDate",
      p.end_date::text as "endDate", ${ownClass} as "hasOwnClass",
      ${firstLmsCourse(auth)} as "lmsCourseId"`;

/** The order of every flyout: orientation by code, the others newest start first (spec §3). */
export const FLYOUT_ORDER = sql`case when p.type = 'orientation' then p.code end asc nulls first,
  p.start_date desc, p.code asc, p.id asc`;

/**
 * The programmes of the sis flyouts (spec §2, §3): those offered in the caller's CLCs, not
 * cancelled, GEL apart (it has its own screens).
 */
export async function findFlyoutProgrammes(
  db: Db,
  auth: AuthContext,
  clcs: number[] | null,
  scope: ClassScope,
): Promise<FlyoutProgramme[]> {
  const ownClass =
    scope.staffOf === null
      ? sql`true`
      : sql`exists (select 1 from classes c where c.programme_id = p.id
          and ${classInScope(sql`c.id`, sql`c.clc_id`, scope)})`;
  return rows<FlyoutProgramme>(
    db,
    sql`select ${flyoutColumns(auth, ownClass)}
        from programmes p
        where p.type in ('professional', 'bachelor', 'language', 'orientation')
          and p.status <> 'cancelled' and ${programmeInReach(sql`p.id`, clcs)}
        order by ${FLYOUT_ORDER}`,
  );
}

const searched = (path: string, code: string) => `${path}?q=${encodeURIComponent(code)}`;

/**
 * Where a programme leads in the lms, or null: a concentration to its home, an orientation to
 * its course (its programme's first course the caller reaches). Both need the page's right.
 */
export function lmsTarget(p: FlyoutProgramme, rights: ReadonlySet<string>): string | null {
  const has = (page: MenuPageKey) => rights.has(MENU_PAGES[page].right);
  if (p.lmsCourseId === null) return null;
  if (p.type === 'orientation')
    return has('orientationCourse') ? pagePath('orientationCourse', p.lmsCourseId) : null;
  return has('concentrationHome') ? pagePath('concentrationHome', p.id) : null;
}

/**
 * Where a programme of a sis flyout leads the holder of these rights, or null when nothing
 * there is theirs to open (then it is left out). A course opens the professional overview, else
 * the list searched for it; language and orientation programmes, which have no sis page of
 * their own, open in the lms. A class entry opens the programme's classes — for a caller who
 * sees only the classes they staff, only where they staff one.
 */
export function flyoutTarget(
  flyout: Flyout,
  p: FlyoutProgramme,
  rights: ReadonlySet<string>,
): string | null {
  const has = (page: MenuPageKey) => rights.has(MENU_PAGES[page].right);
  if (flyout === 'class')
    return p.type === 'professional' && has('programmeClasses') && p.hasOwnClass
      ? pagePath('programmeClasses', p.id)
      : null;
  if (p.type === 'professional') {
    if (has('programmeOverview')) return pagePath('programmeOverview', p.id);
    if (has('professionalList')) return searched(pagePath('professionalList'), p.code);
  }
  if (p.type === 'bachelor' && has('bachelorList'))
    return searched(pagePath('bachelorList'), p.code);
  if (p.type === 'language' || p.type === 'orientation') return lmsTarget(p, rights);
  return null;
}

export const FLYOUT_GROUPS: { type: ProgrammeType; label: string }[] = [
  { type: 'bachelor', label: 'Academic certificate and degree' },
  { type: 'professional', label: 'Short term academic programme' },
  { type: 'language', label: 'Language' },
  { type: 'orientation', label: 'Orientation' },
];

/** A programme as the spec's menu item (§3): id, code, label, start and end date, type. */
export const programmeItem = (p: FlyoutProgramme): MenuItem => ({
  id: `programme-${String(p.id)}`,
  code: p.code,
  label: p.title,
  startDate: p.startDate,
  endDate: p.endDate,
  type: p.type === 'orientation' ? 'orientation' : 'other',
});

/**
 * A course flyout: the programmes as groups of links (the spec's groups), each leading where
 * `target` says, or left out. With exactly one concentration and no orientation, the course
 * menu goes straight to it (spec §2). A flyout with nothing to open keeps its empty-submenu hint.
 */
export function courseFlyout(
  node: MenuNode,
  programmes: readonly FlyoutProgramme[],
  target: (p: FlyoutProgramme) => string | null,
): MenuNode {
  const entries = programmes.flatMap((p) => {
    const path = target(p);
    return path === null ? [] : [{ p, path }];
  });
  const only = entries[0];
  if (entries.length === 1 && only && only.p.type !== 'orientation')
    return { ...node, path: only.path, item: programmeItem(only.p), children: [] };
  const children = FLYOUT_GROUPS.map((group) => ({
    id: `${node.id}-${group.type}`,
    label: group.label,
    path: null,
    children: entries
      .filter(({ p }) => p.type === group.type)
      .map(({ p, path }) => ({
        id: `${node.id}-${group.type}-${String(p.id)}`,
        label: `${p.code} ${p.title}`,
        path,
        item: programmeItem(p),
      })),
  })).filter((group) => group.children.length > 0);
  return { ...node, children };
}

/** A sis flyout node with its programmes, each leading where the role may go. */
export function withFlyoutEntries(
  node: MenuNode,
  programmes: readonly FlyoutProgramme[],
  rights: ReadonlySet<string>,
): MenuNode {
  if (!node.flyout) return node;
  const flyout = node.flyout;
  if (flyout === 'course')
    return courseFlyout(node, programmes, (p) => flyoutTarget('course', p, rights));
  const children = FLYOUT_GROUPS.map((group) => ({
    id: `${node.id}-${group.type}`,
    label: group.label,
    path: null,
    children: programmes
      .filter((p) => p.type === group.type)
      .flatMap((p) => {
        const path = flyoutTarget(flyout, p, rights);
        return path === null
          ? []
          : [
              {
                id: `${node.id}-${group.type}-${String(p.id)}`,
                label: `${p.code} ${p.title}`,
                path,
                item: programmeItem(p),
              },
            ];
      }),
  })).filter((group) => group.children.length > 0);
  return { ...node, children };
}
