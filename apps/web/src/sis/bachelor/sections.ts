import type { Right } from '@lantern/contracts/rights';
import { bachelorPaths } from './paths';

/**
 * Which pages a section is current on, by their path below the programme
 * (`cohorts/new`, `students/2025/term/2025-fa`): path prefixes, each matching itself and what lies
 * under it at a `/`, or a test of that path. Without it, a section is current on its own path
 * and below.
 */
export type SectionMatch = readonly string[] | ((below: string) => boolean);

export type BachelorSection = {
  label: string;
  right: Right;
  path: (id: number) => string;
  match?: SectionMatch;
};

const segments = (below: string) => below.split('/').filter(Boolean);

/** students/<any year>[/term/…] and classroom/…; not students/internship or past-classrooms. */
const studentsPages = (below: string) => {
  const [first, second] = segments(below);
  if (first === 'classroom') return true;
  return first === 'students' && second !== 'internship' && second !== 'past-classrooms';
};

const underPrefix = (path: string, prefix: string) => {
  const p = prefix.replace(/\/+$/, '');
  return path === p || path.startsWith(`${p}/`);
};

/** Whether the page at `pathname` belongs to the section (its button shows as current). */
export function isCurrentSection(section: BachelorSection, id: number, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  const base = `${bachelorPaths.home(id)}/`;
  const below = path.startsWith(base) ? path.slice(base.length) : null;
  const { match } = section;
  if (match && below !== null) {
    return typeof match === 'function'
      ? match(below)
      : match.some((prefix) => underPrefix(below, prefix));
  }
  return underPrefix(path, section.path(id));
}

/**
 * The sections of a bachelor programme and the right each needs: one list, read by the section
 * links and by the test that every link opens a page its holder may see.
 */
export const BACHELOR_SECTIONS: readonly BachelorSection[] = [
  // cohorts/list, cohorts/new, cohorts/import/:id.
  {
    label: 'Cohorts',
    right: 'BA_COHORT__DISPLAY',
    path: bachelorPaths.cohorts,
    match: ['cohorts'],
  },
  // Terms, students, classrooms (decision 0022, "As built: terms and student courses").
  {
    label: 'Terms',
    right: 'BA_TERM__DISPLAY',
    path: (id) => bachelorPaths.terms(id),
    match: ['terms'],
  },
  {
    label: 'Students',
    right: 'BA_STUDENT__DISPLAY',
    path: (id) => bachelorPaths.students(id),
    match: studentsPages,
  },
  {
    label: 'Internships',
    right: 'BA_STUDENT__DISPLAY',
    path: bachelorPaths.internship,
    match: ['students/internship'],
  },
  {
    label: 'Past classrooms',
    right: 'CLASSROOM__DISPLAY',
    path: (id) => bachelorPaths.pastClassrooms(id),
    match: ['students/past-classrooms'],
  },
  // Credits and transfers (decision 0022, "As built: credits").
  { label: 'Credits', right: 'BA_STUDENT__DISPLAY', path: bachelorPaths.credits },
  {
    label: 'Transfer in',
    right: 'BA_TRANSFER_IN__CREATE',
    path: (id) => bachelorPaths.transferIn(id, 'internal'),
    match: ['transfer-in/internal', 'transfer-in/external'],
  },
  {
    label: 'Transfer approval',
    right: 'BA_TRANSFER_IN__DISPLAY',
    path: (id) => bachelorPaths.transferIn(id, 'approval'),
  },
  { label: 'Transfer out', right: 'BA_TRANSFER_OUT__DISPLAY', path: bachelorPaths.transferOut },
  {
    label: 'Grades out',
    right: 'BA_TRANSFER_OUT__DISPLAY',
    path: (id) => bachelorPaths.gradesOut(id),
  },
  { label: 'Verification', right: 'BA_VERIFICATION__DISPLAY', path: bachelorPaths.verification },
  {
    label: 'Dropout flagging',
    right: 'DROPOUT_FLAGGING__DISPLAY',
    path: bachelorPaths.dropout,
    match: ['dropout-flagging'],
  },
  { label: 'Automatic mails', right: 'AUTOMATIC_MAIL__DISPLAY', path: bachelorPaths.mails },
];
