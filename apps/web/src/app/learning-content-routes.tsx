import type { RouteObject } from 'react-router';
import { page } from './lazy-page';

/** Course content (decision 0019, "Web screens"): reading for learners and staff, authoring. */
export const LEARNING_CONTENT_ROUTES: RouteObject[] = [
  {
    path: 'concentration_home/:concentration',
    lazy: page(() => import('../lms/learning-content/routes/concentration-home')),
  },
  {
    path: 'concentration_itinerary/:concentration',
    lazy: page(() => import('../lms/learning-content/routes/concentration-itinerary')),
  },
  {
    path: 'orientation_course/:courseId',
    lazy: page(() => import('../lms/learning-content/routes/orientation-course')),
  },
  {
    path: 'course/:courseId',
    lazy: page(() => import('../lms/learning-content/routes/course')),
  },
  {
    path: 'unit_overview/:unitId',
    lazy: page(() => import('../lms/learning-content/routes/unit-overview')),
  },
  {
    path: 'unit/:unitId/:itemId?',
    lazy: page(() => import('../lms/learning-content/routes/unit')),
  },
  {
    path: 'course/:courseId/authoring',
    lazy: page(() => import('../lms/learning-content/routes/course-authoring')),
  },
  {
    path: 'course/:courseId/authoring/item/:itemId',
    lazy: page(() => import('../lms/learning-content/routes/item-authoring')),
  },
];
