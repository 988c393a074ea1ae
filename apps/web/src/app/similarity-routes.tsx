import type { RouteObject } from 'react-router';
import { page } from './lazy-page';

/** Similarity reports (decision 0020 §5.7): the report and the admin's list, lms routes. */
export const SIMILARITY_ROUTES: RouteObject[] = [
  {
    path: 'similarity/:submissionId',
    lazy: page(() => import('../lms/similarity/routes/report')),
  },
  { path: 'similarity-checks', lazy: page(() => import('../lms/similarity/routes/checks')) },
];
