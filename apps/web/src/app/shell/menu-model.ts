import type { MenuItem, MenuNode } from '@lantern/contracts/current-user';
import type { Concentrations } from '@lantern/contracts/programme';
import { programmeListPath, programmeOverviewPath } from '../../features/programmes/paths';
import { programmeClassesPath } from '../../features/programmes/section-paths';
import { appPath } from '../../lib/paths';

export type MenuLink = { id: string; label: string; to: string };
export type MenuGroup = { label: string | null; links: MenuLink[] };

/** Where a programme entry of a course or class flyout leads. */
export function itemPath(item: MenuItem): string {
  return item.type === 'orientation'
    ? `/en/orientation_course/${encodeURIComponent(item.id)}`
    : `/en/concentration_home/${encodeURIComponent(item.code ?? item.id)}`;
}

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
        links: programmes.map((item) => ({ id: item.id, label: item.label, to: itemPath(item) })),
      },
      {
        label: 'Orientation',
        links: orientation.map((item) => ({ id: item.id, label: item.label, to: itemPath(item) })),
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
export function concentrationPath(entry: ConcentrationEntry, flyout: Flyout): string {
  switch (entry.programmeType) {
    case 'professional':
      return flyout === 'class' ? programmeClassesPath(entry.id) : programmeOverviewPath(entry.id);
    // Bachelor programmes have their basic data in the list; their own sections come later.
    case 'bachelor':
      return `${programmeListPath('bachelor')}?q=${encodeURIComponent(entry.code)}`;
    default:
      return `/en/concentration_home/${encodeURIComponent(entry.code)}`;
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
  if (
    flyout === 'course' &&
    c.error === null &&
    all.length === 1 &&
    only &&
    c.orientation.length === 0
  )
    return { kind: 'link', to: concentrationPath(only, flyout) };
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
        to: `/en/orientation_course/${encodeURIComponent(o.id)}`,
      })),
    },
  ];
  return { kind: 'menu', groups: groups.filter((g) => g.links.length > 0), error: c.error };
}
