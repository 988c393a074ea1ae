import { Navigate, type RouteObject } from 'react-router';
import { page } from './lazy-page';

/** programme/bachelor/:programme and its sections (spec §2, decision 0022). */
export const BACHELOR_ROUTES: RouteObject[] = [
  {
    path: 'programme/bachelor',
    children: [
      { index: true, element: <Navigate to="../list/bachelor" replace /> },
      {
        path: ':programme',
        lazy: page(() => import('../features/bachelor/routes/bachelor-layout')),
        children: [
          { index: true, lazy: page(() => import('../features/bachelor/routes/bachelor-home')) },
          // Terms, students, classrooms (decision 0022, "As built: terms and student courses").
          { path: 'terms', lazy: page(() => import('../features/bachelor/routes/terms-redirect')) },
          {
            path: 'terms/:termYear',
            lazy: page(() => import('../features/bachelor/routes/terms')),
          },
          {
            path: 'terms/:termYear/create-internship',
            lazy: page(() => import('../features/bachelor/routes/create-internship')),
          },
          {
            path: 'students',
            lazy: page(() => import('../features/bachelor/routes/students')),
          },
          {
            path: 'students/:termYear',
            lazy: page(() => import('../features/bachelor/routes/students')),
          },
          {
            path: 'students/:termYear/term/:termKey',
            lazy: page(() => import('../features/bachelor/routes/students')),
          },
          {
            path: 'students/internship',
            lazy: page(() => import('../features/bachelor/routes/internship')),
          },
          {
            path: 'students/internship/term/:termKey',
            lazy: page(() => import('../features/bachelor/routes/internship')),
          },
          {
            path: 'students/past-classrooms/:which',
            lazy: page(() => import('../features/bachelor/routes/past-classrooms')),
          },
          {
            path: 'classroom/:termKey/:courseId/:currentCourseIndex',
            lazy: page(() => import('../features/bachelor/routes/classroom')),
          },
        ],
      },
    ],
  },
];
