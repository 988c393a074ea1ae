import type { RouteObject } from 'react-router';
import { page } from './lazy-page';

/** Discussions (decision 0020 §4.6): discuss and grade_discussion, lms routes. */
export const DISCUSSION_ROUTES: RouteObject[] = [
  {
    path: 'discuss/item/:itemId',
    lazy: page(() => import('../lms/discussions/routes/item-forum')),
  },
  { path: 'discuss/:forumId', lazy: page(() => import('../lms/discussions/routes/forum')) },
  {
    path: 'discuss/:forumId/topic/:topicId',
    lazy: page(() => import('../lms/discussions/routes/topic')),
  },
  {
    path: 'grade_discussion/:submissionId',
    lazy: page(() => import('../lms/discussions/routes/grade-discussion')),
  },
];
