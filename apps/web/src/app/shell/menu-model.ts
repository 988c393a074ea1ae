import type { MenuNode } from '@lantern/contracts/current-user';
import { appPath } from '../../lib/paths';

/** A menu entry and where it leads. */
export type MenuLink = { id: string; label: string; to: string };

export type MenuGroup = { label: string | null; links: MenuLink[] };

/**
 * The groups a dropdown shows: the node's own links first, then each child group's links under
 * its label. The course and class flyouts come from the server this way too: their programmes
 * grouped as the spec names them, each leading only where the role may go (decision 0004).
 */
export function menuGroups(node: MenuNode): MenuGroup[] {
  const groups: MenuGroup[] = [{ label: null, links: [] }];
  for (const child of node.children ?? []) {
    if (child.path !== null)
      groups[0]?.links.push({ id: child.id, label: child.label, to: appPath(child.path) });
    if (child.children?.length) {
      groups.push({
        label: child.label,
        links: child.children.flatMap((grandchild) =>
          grandchild.path === null
            ? []
            : [{ id: grandchild.id, label: grandchild.label, to: appPath(grandchild.path) }],
        ),
      });
    }
  }
  return groups.filter((group) => group.links.length > 0);
}

/** A node is a plain link when it has a path and nothing below it (a course flyout with one
 * programme and no orientation goes straight to it, spec §2). */
export const isLinkNode = (node: MenuNode): boolean =>
  node.path !== null && !(node.children && node.children.length > 0);
