import type { MenuNode } from '@lantern/contracts/current-user';
import type { Concentrations } from '@lantern/contracts/programme';
import { programmeListPath, programmeOverviewPath } from '../../features/programmes/paths';
import { programmeClassesPath } from '../../features/programmes/section-paths';
import { appPath } from '../../lib/paths';

/** A menu entry; `to` is null for a programme whose screens are not built yet (shown, not a link). */
export type MenuLink = { id: string; label: string; to: string | null };
/** Why a programme is listed but not linked. */
export const NOT_YET = 'Its screens come with the learning side';

export type MenuGroup = { label: string | null; links: MenuLink[] };

/** The groups a dropdown shows: a flyout's programmes (orientation apart), or the child links. */
export function menuGroups(node: MenuNode): MenuGroup[] {
  if (node.flyout) {
    const items = node.items ?? [];
    const programmes = items.filter((item) => item.type !== 'orientation');
    const orientation = items
      .filter((item) => item.type === 'orientation')
      .sort((a, b) => (a.code ?? '').localeCompare(b.code ?? ''));
    return [
      {
        label: 'Programmes',
        // A base-data item's course screens come with the learning side: listed, not linked.
        links: programmes.map((item) => ({ id: item.id, label: item.label, to: null })),
      },
      {
        label: 'Orientation',
        links: orientation.map((item) => ({ id: item.id, label: item.label, to: null })),
      },
    ].filter((group) => group.links.length > 0);
  }
  const groups: MenuGroup[] = [{ label: null, links: [] }];
  for (const child of node.children ?? []) {
    if (child.path !== null)
      groups[0]?.links.push({ id: child.id, label: child.label, to: appPath(child.path) });
    if (child.children?.length) {
      groups.push({
        label: child.label,
        links: child.children
          .filter((grandchild) => grandchild.path !== null)
          .map((grandchild) => ({
            id: grandchild.id,
            label: grandchild.label,
            to: appPath(grandchild.path ?? ''),
          })),
      });
    }
  }
  return groups.filter((group) => group.links.length > 0);
}

/** A node is a plain link when it has a path and nothing below it. */
export const isLinkNode = (node: MenuNode): boolean =>
  node.path !== null && !node.flyout && !(node.children && node.children.length > 0);

type ConcentrationEntry = Concentrations['professional'][number];
type Flyout = NonNullable<MenuNode['flyout']>;

/** Where a programme of a course or class flyout leads in the sis: a professional certificate's
 * overview, or its classes from the class flyout. */
export function concentrationPath(entry: ConcentrationEntry, flyout: Flyout): string | null {
  switch (entry.programmeType) {
    case 'professional':
      return flyout === 'class' ? programmeClassesPath(entry.id) : programmeOverviewPath(entry.id);
    // Bachelor programmes have their basic data in the list; their own sections come later.
    case 'bachelor':
      return `${programmeListPath('bachelor')}?q=${encodeURIComponent(entry.code)}`;
    // Language programmes have no sis screen yet: listed, not linked.
    default:
      return null;
  }
}

const linksOf =
  (flyout: Flyout) =>
  (entry: ConcentrationEntry): MenuLink => ({
    id: `${entry.programmeType}-${entry.id}`,
    label: `${entry.code} ${entry.title}`,
    to: concentrationPath(entry, flyout),
  });

export type FlyoutView =
  { kind: 'link'; to: string } | { kind: 'menu'; groups: MenuGroup[]; error: string | null };

/**
 * A course or class flyout from the concentrations (spec §2, §3): academic certificate and
 * degree (bachelor), short term academic programme (professional), language, orientation; in
 * the server's order (newest start first; orientation by code). With exactly one concentration
 * and no orientation, the course menu goes straight to it.
 */
export function flyoutView(flyout: Flyout, c: Concentrations): FlyoutView {
  const all = [...c.bachelor, ...c.professional, ...c.language];
  const only = all[0];
  const direct = only ? concentrationPath(only, flyout) : null;
  if (
    flyout === 'course' &&
    c.error === null &&
    all.length === 1 &&
    direct !== null &&
    c.orientation.length === 0
  )
    return { kind: 'link', to: direct };
  const linkOf = linksOf(flyout);
  const groups: MenuGroup[] = [
    { label: 'Academic certificate and degree', links: c.bachelor.map(linkOf) },
    { label: 'Short term academic programme', links: c.professional.map(linkOf) },
    { label: 'Language', links: c.language.map(linkOf) },
    {
      label: 'Orientation',
      links: c.orientation.map((o) => ({
        id: `orientation-${o.id}`,
        label: `${o.code} ${o.title}`,
        // Orientation courses open on the learning side, not built yet: listed, not linked.
        to: null,
      })),
    },
  ];
  return { kind: 'menu', groups: groups.filter((g) => g.links.length > 0), error: c.error };
}
