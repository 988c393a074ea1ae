import type { RouteObject } from 'react-router';
import { page } from './lazy-page';

/** Discussions (decision 0020 §4.6): discuss and grade_discussion, lms routes. */
export const DISCUSSION_ROUTES: RouteObject[] = [
  {
    path: 'discuss/item/:itemId',
    lazy: page(() => import('../features/discussions/routes/item-forum')),
  },
  { path: 'discuss/:forumId', lazy: page(() => import('../features/discussions/routes/forum')) },
  {
    path: 'discuss/:forumId/topic/:topicId',
    lazy: page(() => import('../features/discussions/routes/topic')),
  },
  {
    path: 'grade_discussion/:submissionId',
    lazy: page(() => import('../features/discussions/routes/grade-discussion')),
  },
];
