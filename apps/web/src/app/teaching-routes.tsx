import type { RouteObject } from 'react-router';
import { page } from './lazy-page';

/** Teaching (decision 0019): class_root, class, grade and the grade book, all lms routes; a
 * student's grade history and one's own (decision 0021 §1.7). */
export const TEACHING_ROUTES: RouteObject[] = [
  { path: 'class_root', lazy: page(() => import('../lms/teaching/routes/class-root')) },
  { path: 'class/:classId', lazy: page(() => import('../lms/teaching/routes/class')) },
  { path: 'grade/:submissionId', lazy: page(() => import('../lms/teaching/routes/grade')) },
  {
    path: 'course/:courseId/grade-book',
    lazy: page(() => import('../lms/teaching/routes/grade-book')),
  },
  {
    path: 'learning/student/:studentId/grade-history',
    lazy: page(() => import('../lms/grade-history/routes/student-grade-history')),
  },
  {
    path: 'track/grade-history',
    lazy: page(() => import('../lms/grade-history/routes/my-grade-history')),
  },
];
