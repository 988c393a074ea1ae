import type { MenuItem, MenuNode } from '@lantern/contracts/current-user';
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
