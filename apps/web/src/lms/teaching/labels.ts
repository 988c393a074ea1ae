import type { TFunction } from 'i18next';
import type { TaskState } from '@lantern/contracts/learning-enums';

/** Points as the grading panel writes them, so the grade book and the class read the same. */
export { pointsText } from '../grading/public';

/** A learner's state on a task, as people read it (never the stored value). */
export const taskStateLabel = (t: TFunction, state: TaskState): string =>
  ({
    not_started: t('teaching.state.not_started', 'Not started'),
    draft: t('teaching.state.draft', 'Draft'),
    submitted: t('teaching.state.submitted', 'Submitted'),
    graded: t('teaching.state.graded', 'Graded'),
    returned: t('teaching.state.returned', 'Returned'),
  })[state];

export const STATE_COLORS: Record<TaskState, string> = {
  not_started: 'gray.7',
  draft: 'gray.7',
  // Darker than Mantine's darkest orange and green: those stay under 4.5:1 on the page's grey.
  submitted: '#a33a00',
  graded: '#1f6b30',
  returned: 'violet.9',
};
