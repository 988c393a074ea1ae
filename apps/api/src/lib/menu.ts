import type { MenuNode } from '@lantern/contracts/current-user';
import type { Mode } from '@lantern/contracts/enums';
import type { Right } from '@lantern/contracts/rights';

type Entry = Omit<MenuNode, 'children'> & { right?: Right; modes: Mode[]; children?: Entry[] };

/**
 * The menu, by the rights that open each node. Each area adds its screens here as it arrives;
 * a node shows only when the user holds its right, and a group only when a child shows.
 */
const MENU: Entry[] = [
  { id: 'home', label: 'Home', path: 'home', modes: ['sis', 'lms'] },
  {
    id: 'people',
    label: 'People',
    path: null,
    modes: ['sis'],
    children: [
      {
        id: 'students',
        label: 'Students',
        path: 'student/list',
        right: 'STUDENT__DISPLAY',
        modes: ['sis'],
      },
      {
        id: 'facilitators',
        label: 'Facilitators',
        path: 'facilitator/list',
        right: 'FACILITATOR__DISPLAY',
        modes: ['sis'],
      },
      {
        id: 'lead-facilitators',
        label: 'Lead facilitators',
        path: 'lead-facilitator/list',
        right: 'LEAD_FACILITATOR__DISPLAY',
        modes: ['sis'],
      },
      {
        id: 'lead-faculty',
        label: 'Lead faculty',
        path: 'lead-faculty/list',
        right: 'LEAD_FACULTY__DISPLAY',
        modes: ['sis'],
      },
      {
        id: 'coordinators',
        label: 'Coordinators',
        path: 'coordinator/list',
        right: 'COORDINATOR__DISPLAY',
        modes: ['sis'],
      },
      {
        id: 'clc-partners',
        label: 'CLC partners',
        path: 'clc-partner/list',
        right: 'CLC__DISPLAY',
        modes: ['sis'],
      },
      { id: 'users', label: 'Users', path: 'user/list', right: 'USER__DISPLAY', modes: ['sis'] },
    ],
  },
  {
    id: 'programmes',
    label: 'Programmes',
    path: 'programme',
    right: 'PROGRAMME__DISPLAY',
    modes: ['sis'],
  },
  {
    id: 'course',
    label: 'Courses',
    path: null,
    flyout: 'course',
    items: [],
    right: 'PROGRAMME__DISPLAY',
    modes: ['sis'],
  },
  {
    id: 'class',
    label: 'Classes',
    path: null,
    flyout: 'class',
    items: [],
    right: 'CLASSROOM__DISPLAY',
    modes: ['sis'],
  },
  {
    id: 'admin',
    label: 'Administration',
    path: null,
    modes: ['sis'],
    children: [
      {
        id: 'authorisation',
        label: 'Authorisation',
        path: 'authorisation',
        right: 'AUTHORISATION__DISPLAY',
        modes: ['sis'],
      },
      {
        id: 'user-data-checker',
        label: 'User data checker',
        path: 'userDataChecker',
        right: 'DATA_CLEAN_UP__DISPLAY',
        modes: ['sis'],
      },
      {
        id: 'data-cleanup',
        label: 'Data cleanup',
        path: 'dataCleanup',
        right: 'DATA_CLEAN_UP__DISPLAY',
        modes: ['sis'],
      },
      {
        id: 'user-merge',
        label: 'User merge',
        path: 'userMerge',
        right: 'DATA_CLEAN_UP__MERGE',
        modes: ['sis'],
      },
      {
        id: 'security-actions',
        label: 'Security actions',
        path: 'security-actions',
        right: 'USER__SECURITY_ACCESS',
        modes: ['sis'],
      },
      {
        id: 'audit-log',
        label: 'Audit log',
        path: 'audit-log',
        right: 'AUDIT_LOG__DISPLAY',
        modes: ['sis'],
      },
      {
        id: 'mail-log',
        label: 'Mail log',
        path: 'mail-log',
        right: 'MAIL_LOG__DISPLAY',
        modes: ['sis'],
      },
      {
        id: 'announcements',
        label: 'Announcements',
        path: 'announcements',
        right: 'ANNOUNCEMENT__DISPLAY',
        modes: ['sis'],
      },
      {
        id: 'support-tickets',
        label: 'Helpdesk tickets',
        path: 'support-tickets',
        right: 'SUPPORT_TICKET__DISPLAY',
        modes: ['sis'],
      },
    ],
  },
];

function visible(entry: Entry, mode: Mode, rights: ReadonlySet<string>): MenuNode | null {
  if (!entry.modes.includes(mode)) return null;
  if (entry.right && !rights.has(entry.right)) return null;
  const node: MenuNode = { id: entry.id, label: entry.label, path: entry.path };
  if (entry.flyout) node.flyout = entry.flyout;
  if (entry.items) node.items = entry.items;
  if (entry.children) {
    const children = entry.children.map((c) => visible(c, mode, rights)).filter((c) => c !== null);
    if (children.length === 0) return null;
    node.children = children;
  }
  return node;
}

export function buildMenu(mode: Mode, rights: ReadonlySet<string>): MenuNode[] {
  return MENU.map((entry) => visible(entry, mode, rights)).filter((n) => n !== null);
}
