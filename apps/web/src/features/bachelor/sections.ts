import type { Right } from '@lantern/contracts/rights';
import { bachelorPaths } from './paths';

/**
 * The sections of a bachelor programme and the right each needs: one list, read by the section
 * links and by the test that every link opens a page its holder may see.
 */
export const BACHELOR_SECTIONS: readonly {
  label: string;
  right: Right;
  path: (id: number) => string;
}[] = [
  { label: 'Terms', right: 'BA_TERM__DISPLAY', path: (id) => bachelorPaths.terms(id) },
  { label: 'Students', right: 'BA_STUDENT__DISPLAY', path: (id) => bachelorPaths.students(id) },
  { label: 'Internships', right: 'BA_STUDENT__DISPLAY', path: bachelorPaths.internship },
  {
    label: 'Past classrooms',
    right: 'CLASSROOM__DISPLAY',
    path: (id) => bachelorPaths.pastClassrooms(id),
  },
  { label: 'Automatic mails', right: 'AUTOMATIC_MAIL__DISPLAY', path: bachelorPaths.mails },
];
