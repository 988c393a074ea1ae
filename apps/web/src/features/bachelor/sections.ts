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
  { label: 'Cohorts', right: 'BA_COHORT__DISPLAY', path: bachelorPaths.cohorts },
  // Terms, students, classrooms (decision 0022, "As built: terms and student courses").
  { label: 'Terms', right: 'BA_TERM__DISPLAY', path: (id) => bachelorPaths.terms(id) },
  { label: 'Students', right: 'BA_STUDENT__DISPLAY', path: (id) => bachelorPaths.students(id) },
  { label: 'Internships', right: 'BA_STUDENT__DISPLAY', path: bachelorPaths.internship },
  {
    label: 'Past classrooms',
    right: 'CLASSROOM__DISPLAY',
    path: (id) => bachelorPaths.pastClassrooms(id),
  },
  // Credits and transfers (decision 0022, "As built: credits").
  { label: 'Credits', right: 'BA_STUDENT__DISPLAY', path: bachelorPaths.credits },
  {
    label: 'Transfer in',
    right: 'BA_TRANSFER_IN__CREATE',
    path: (id) => bachelorPaths.transferIn(id, 'internal'),
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
  { label: 'Dropout flagging', right: 'DROPOUT_FLAGGING__DISPLAY', path: bachelorPaths.dropout },
  { label: 'Automatic mails', right: 'AUTOMATIC_MAIL__DISPLAY', path: bachelorPaths.mails },
];
