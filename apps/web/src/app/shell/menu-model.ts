import type { MenuNode } from '@lantern/contracts/current-user';
import { appPath } from '../../lib/paths';

/** A menu entry and where it leads. */
export type MenuLink = { id: string; label: string; to: string };

export type MenuGroup = { label: string | null; links: MenuLink[] };

/** How a node's label is shown (translated, in lms); as the server says by default. */
export type LabelOf = (node: MenuNode) => string;

const asGiven: LabelOf = (node) => node.label;

/** A flyout group's id (`course-bachelor`, `class-orientation`) and the programme type it names. */
const GROUP_ID = /^(?:course|class)-(bachelor|professional|language|orientation)$/;

/**
 * The translation key of a node's label: the flyout groups by programme type, the other fixed
 * nodes by id. Entries naming a programme or class (with an `item`) are data and have none;
 * a Courses flyout that goes straight to its one programme keeps its own label.
 */
export function menuLabelKey(node: MenuNode): string | null {
  if (node.item && !node.flyout) return null;
  const group = GROUP_ID.exec(node.id);
  return group ? `shell.menu.group.${group[1] ?? ''}` : `shell.menu.${node.id}`;
}

/**
 * The groups a dropdown shows: the node's own links first, then each child group's links under
 * its label. The course and class flyouts come from the server this way too: their programmes
 * grouped as the spec names them, each leading only where the role may go (decision 0004).
 */
export function menuGroups(node: MenuNode, labelOf: LabelOf = asGiven): MenuGroup[] {
  const groups: MenuGroup[] = [{ label: null, links: [] }];
  for (const child of node.children ?? []) {
    if (child.path !== null)
      groups[0]?.links.push({ id: child.id, label: labelOf(child), to: appPath(child.path) });
    if (child.children?.length) {
      groups.push({
        label: labelOf(child),
        links: child.children.flatMap((grandchild) =>
          grandchild.path === null
            ? []
            : [{ id: grandchild.id, label: labelOf(grandchild), to: appPath(grandchild.path) }],
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
