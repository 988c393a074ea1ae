import type { MenuNode } from '@lantern/contracts/current-user';
import type { Mode } from '@lantern/contracts/enums';
import type { Right } from '@lantern/contracts/rights';
import {
  LMS_PAGES,
  MENU_PAGES,
  PAGES,
  programmeEntryStep,
  type MenuPageKey,
  type PageKey,
} from '@lantern/contracts/pages';

type Flyout = NonNullable<MenuNode['flyout']>;

type Entry = Omit<MenuNode, 'children'> & {
  /** The page it opens: the node shows only to holders of the page's right. */
  page?: MenuPageKey;
  /** Shows only when this holds (for nodes that open no single page). */
  when?: (rights: ReadonlySet<string>) => boolean;
  modes: Mode[];
  children?: Entry[];
};

const link = (id: string, label: string, page: PageKey): Entry => ({
  id,
  label,
  path: PAGES[page].path,
  page,
  modes: ['sis'],
});

/** The rights that can open an entry of each flyout (see flyoutEntry). */
const FLYOUT_RIGHTS: Record<Flyout, Right[]> = {
  course: [PAGES.programmeOverview.right, PAGES.professionalList.right, PAGES.bachelorList.right],
  class: [PAGES.programmeClasses.right],
};
const opensFlyout = (flyout: Flyout) => (rights: ReadonlySet<string>) =>
  FLYOUT_RIGHTS[flyout].some((right) => rights.has(right));

/**
 * The menu, by the pages each node opens (contracts/pages.ts): a node shows only when the user
 * holds the right of its page, and a group only when a child shows. The course and class
 * flyouts get their programmes in `buildMenuWithFlyouts`.
 */
const MENU: Entry[] = [
  { id: 'home', label: 'Home', path: 'home', modes: ['sis'] },
  // lms mode (decision 0019): the learning home, the courses and classes the person reaches,
  // and the learner's own progress. The flyouts get their entries in `buildMenuWithFlyouts`.
  { id: 'home', label: 'Home', path: LMS_PAGES.learning.path, page: 'learning', modes: ['lms'] },
  { id: 'course', label: 'Courses', path: null, flyout: 'course', modes: ['lms'] },
  { id: 'class', label: 'Classes', path: null, flyout: 'class', page: 'classRoot', modes: ['lms'] },
  {
    id: 'progress',
    label: 'Progress',
    path: LMS_PAGES.track.path,
    page: 'track',
    // Progress is a learner's own: staff follow their classes' progress there instead.
    when: (rights) => rights.has('SUBMISSION__CREATE'),
    modes: ['lms'],
  },
  {
    id: 'similarity-checks',
    label: 'Similarity checks',
    path: LMS_PAGES.similarityChecks.path,
    page: 'similarityChecks',
    modes: ['lms'],
  },
  {
    // Every training and its report (decision 0020 §2.7), for holders of WBT_ALL.
    id: 'wbts',
    label: 'Web-based trainings',
    path: LMS_PAGES.wbts.path,
    page: 'wbts',
    modes: ['lms'],
  },
  {
    // Undo-publish and grade-change requests in reach (decision 0021 §2.6).
    id: 'grade-requests',
    label: 'Grade requests',
    path: LMS_PAGES.gradeRequests.path,
    page: 'gradeRequests',
    modes: ['lms'],
  },
  {
    // The follow-ups of dropout flags assigned to coordinators and facilitators (decision 0021
    // §3.4): one page in either mode.
    id: 'dropout-follow-ups',
    label: 'Follow-ups',
    path: PAGES.dropoutFollowUps.path,
    page: 'dropoutFollowUps',
    modes: ['sis', 'lms'],
  },
  {
    id: 'people',
    label: 'People',
    path: null,
    modes: ['sis'],
    children: [
      link('students', 'Students', 'studentList'),
      link('facilitators', 'Facilitators', 'facilitatorList'),
      link('lead-facilitators', 'Lead facilitators', 'leadFacilitatorList'),
      link('lead-faculty', 'Lead faculty', 'leadFacultyList'),
      link('coordinators', 'Coordinators', 'coordinatorList'),
      link('clc-partners', 'CLC partners', 'clcList'),
      link('users', 'Users', 'userList'),
    ],
  },
  {
    // The programme entry redirects by right (spec §2); it shows where that leads to a page.
    id: 'programmes',
    label: 'Programmes',
    path: 'programme',
    when: (rights) => Boolean(programmeEntryStep(rights)?.page),
    modes: ['sis'],
  },
  {
    id: 'course',
    label: 'Courses',
    path: null,
    flyout: 'course',
    when: opensFlyout('course'),
    modes: ['sis'],
  },
  {
    id: 'class',
    label: 'Classes',
    path: null,
    flyout: 'class',
    when: opensFlyout('class'),
    modes: ['sis'],
  },
  {
    id: 'admin',
    label: 'Administration',
    path: null,
    modes: ['sis'],
    children: [
      link('authorisation', 'Authorisation', 'authorisation'),
      link('user-data-checker', 'User data checker', 'userDataChecker'),
      link('data-cleanup', 'Data cleanup', 'dataCleanup'),
      link('user-merge', 'User merge', 'userMerge'),
      link('security-actions', 'Security actions', 'securityActions'),
      link('api-tokens', 'API tokens', 'apiTokens'),
      link('audit-log', 'Audit log', 'auditLog'),
      link('mail-log', 'Mail log', 'mailLog'),
      link('announcements', 'Announcements', 'announcements'),
      link('support-tickets', 'Helpdesk tickets', 'supportTickets'),
    ],
  },
];

function visible(entry: Entry, mode: Mode, rights: ReadonlySet<string>): MenuNode | null {
  if (!entry.modes.includes(mode)) return null;
  if (entry.page && !rights.has(MENU_PAGES[entry.page].right)) return null;
  if (entry.when && !entry.when(rights)) return null;
  const node: MenuNode = { id: entry.id, label: entry.label, path: entry.path };
  if (entry.flyout) node.flyout = entry.flyout;
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
