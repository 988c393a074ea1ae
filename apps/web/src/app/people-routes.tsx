import { Navigate, type RouteObject } from 'react-router';
import { page } from './lazy-page';

/** student, facilitator, coordinator and user: list, new, edit (and a student's overview), spec §2. */
export const PEOPLE_ROUTES: RouteObject[] = [
  {
    path: 'student',
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', lazy: page(() => import('../features/people/routes/student-list')) },
      { path: 'new', lazy: page(() => import('../features/people/routes/student-new')) },
      {
        path: ':student/overview',
        lazy: page(() => import('../features/people/routes/student-overview')),
      },
      { path: ':student/edit', lazy: page(() => import('../features/people/routes/student-edit')) },
    ],
  },
  {
    path: 'facilitator',
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', lazy: page(() => import('../features/people/routes/facilitator-list')) },
      { path: 'new', lazy: page(() => import('../features/people/routes/facilitator-new')) },
      {
        path: ':facilitator/edit',
        lazy: page(() => import('../features/people/routes/facilitator-edit')),
      },
    ],
  },
  {
    path: 'coordinator',
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', lazy: page(() => import('../features/people/routes/coordinator-list')) },
      { path: 'new', lazy: page(() => import('../features/people/routes/coordinator-new')) },
      {
        path: ':coordinator/edit',
        lazy: page(() => import('../features/people/routes/coordinator-edit')),
      },
    ],
  },
  {
    path: 'user',
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', lazy: page(() => import('../features/people/routes/user-list')) },
      { path: 'new', lazy: page(() => import('../features/people/routes/user-new')) },
      { path: ':user/edit', lazy: page(() => import('../features/people/routes/user-edit')) },
    ],
  },
];
