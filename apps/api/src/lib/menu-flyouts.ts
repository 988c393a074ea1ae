import { sql } from 'drizzle-orm';
import type { MenuNode } from '@lantern/contracts/current-user';
import type { Mode } from '@lantern/contracts/enums';
import { PAGES, pagePath } from '@lantern/contracts/pages';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../plugins/auth';
import { classInScope, classScope, type ClassScope } from './class-scope';
import { buildMenu } from './menu';
import { programmeInReach } from './programme-reach';
import { rows } from './sql';
import { clcScope } from './scope';

type Flyout = NonNullable<MenuNode['flyout']>;

export type FlyoutProgramme = {
  id: number;
  code: string;
  title: string;
  type: ProgrammeType;
  /** Whether the caller reaches one of its classes (always true for PC_CLASS__DISPLAY holders). */
  hasOwnClass: boolean;
};

/**
 * The programmes of the flyouts (spec §2, §3): those offered in the caller's CLCs, not
 * cancelled, GEL apart (it has its own screens); orientation by code, the others newest start
 * first.
 */
export async function findFlyoutProgrammes(
  db: Db,
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
    sql`select p.id, p.code, p.title, p.type::text as type, ${ownClass} as "hasOwnClass"
        from programmes p
        where p.type in ('professional', 'bachelor', 'language', 'orientation')
          and p.status <> 'cancelled' and ${programmeInReach(sql`p.id`, clcs)}
        order by case when p.type = 'orientation' then p.code end asc nulls first,
          p.start_date desc, p.code asc, p.id asc`,
  );
}

const searched = (path: string, code: string) => `${path}?q=${encodeURIComponent(code)}`;

/**
 * Where a programme of a flyout leads the holder of these rights, or null when nothing there is
 * theirs to open (then it is left out). A course opens the professional overview, else the list
 * searched for it; a class entry opens the programme's classes — for a caller who sees only the
 * classes they staff, only where they staff one. Language and orientation programmes have no
 * sis page yet (their screens come with the learning side).
 */
export function flyoutTarget(
  flyout: Flyout,
  p: FlyoutProgramme,
  rights: ReadonlySet<string>,
): string | null {
  const has = (page: keyof typeof PAGES) => rights.has(PAGES[page].right);
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
  return null;
}

const GROUPS: { type: ProgrammeType; label: string }[] = [
  { type: 'bachelor', label: 'Academic certificate and degree' },
  { type: 'professional', label: 'Short term academic programme' },
  { type: 'language', label: 'Language' },
  { type: 'orientation', label: 'Orientation' },
];

/**
 * A flyout node with its programmes as groups of links (the spec's groups), each leading where
 * the role may go. With exactly one programme and no orientation, the course menu goes straight
 * to it (spec §2). A flyout with nothing to open keeps its empty-submenu hint.
 */
export function withFlyoutEntries(
  node: MenuNode,
  programmes: readonly FlyoutProgramme[],
  rights: ReadonlySet<string>,
): MenuNode {
  if (!node.flyout) return node;
  const flyout = node.flyout;
  const concentrations = programmes.filter((p) => p.type !== 'orientation');
  const only = concentrations[0];
  if (flyout === 'course' && only && concentrations.length === 1 && programmes.length === 1) {
    const direct = flyoutTarget(flyout, only, rights);
    if (direct !== null) return { ...node, path: direct, children: [] };
  }
  const children = GROUPS.map((group) => ({
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
              },
            ];
      }),
  })).filter((group) => group.children.length > 0);
  return { ...node, children };
}

/** The menu of the base data: the nodes the rights open, the flyouts filled with programmes. */
export async function buildMenuWithFlyouts(
  db: Db,
  auth: AuthContext,
  mode: Mode,
): Promise<MenuNode[]> {
  const menu = buildMenu(mode, auth.rights);
  if (!menu.some((node) => node.flyout)) return menu;
  const programmes = await findFlyoutProgrammes(db, clcScope(auth), classScope(auth));
  return menu.map((node) => withFlyoutEntries(node, programmes, auth.rights));
}
