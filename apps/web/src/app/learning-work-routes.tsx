import type { RouteObject } from 'react-router';
import { page } from './lazy-page';

/** The learner's own lms pages (decision 0019): the home, the answer pages and track. */
export const LEARNING_WORK_ROUTES: RouteObject[] = [
  { path: 'learning', lazy: page(() => import('../lms/learning-work/routes/learning')) },
  {
    path: 'submit_text/:itemId',
    lazy: page(() => import('../lms/learning-work/routes/submit-text')),
  },
  {
    path: 'submit_work/:itemId',
    lazy: page(() => import('../lms/learning-work/routes/submit-work')),
  },
  { path: 'track', lazy: page(() => import('../lms/learning-work/routes/track')) },
];
