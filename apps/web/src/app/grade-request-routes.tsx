import type { RouteObject } from 'react-router';
import { page } from './lazy-page';

/** Undo-publish and grade-change requests (decision 0021 §2): the queue and a request's page,
 * lms routes under `learning`. */
export const GRADE_REQUEST_ROUTES: RouteObject[] = [
  {
    path: 'learning/grade-requests',
    lazy: page(() => import('../lms/grade-requests/routes/grade-requests')),
  },
  {
    path: 'learning/grade-request/:id',
    lazy: page(() => import('../lms/grade-requests/routes/grade-request')),
  },
];
