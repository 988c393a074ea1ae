import { Navigate, type RouteObject } from 'react-router';
import { page } from './lazy-page';

/** student, facilitator, coordinator and user: list, new, edit (and a student's overview), spec §2;
 * lead facilitator and lead faculty the same way, under their own rights (decision 0005). */
export const PEOPLE_ROUTES: RouteObject[] = [
  {
    path: 'student',
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', lazy: page(() => import('../sis/people/routes/student-list')) },
      { path: 'new', lazy: page(() => import('../sis/people/routes/student-new')) },
      {
        path: ':student/overview',
        lazy: page(() => import('../sis/people/routes/student-overview')),
      },
      { path: ':student/edit', lazy: page(() => import('../sis/people/routes/student-edit')) },
    ],
  },
  {
    path: 'facilitator',
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', lazy: page(() => import('../sis/people/routes/facilitator-list')) },
      { path: 'new', lazy: page(() => import('../sis/people/routes/facilitator-new')) },
      {
        path: ':facilitator/edit',
        lazy: page(() => import('../sis/people/routes/facilitator-edit')),
      },
    ],
  },
  {
    path: 'lead-facilitator',
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', lazy: page(() => import('../sis/people/routes/lead-facilitator-list')) },
      { path: 'new', lazy: page(() => import('../sis/people/routes/lead-facilitator-new')) },
      {
        path: ':lead-facilitator/edit',
        lazy: page(() => import('../sis/people/routes/lead-facilitator-edit')),
      },
    ],
  },
  {
    path: 'lead-faculty',
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', lazy: page(() => import('../sis/people/routes/lead-faculty-list')) },
      { path: 'new', lazy: page(() => import('../sis/people/routes/lead-faculty-new')) },
      {
        path: ':lead-faculty/edit',
        lazy: page(() => import('../sis/people/routes/lead-faculty-edit')),
      },
    ],
  },
  {
    path: 'coordinator',
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', lazy: page(() => import('../sis/people/routes/coordinator-list')) },
      { path: 'new', lazy: page(() => import('../sis/people/routes/coordinator-new')) },
      {
        path: ':coordinator/edit',
        lazy: page(() => import('../sis/people/routes/coordinator-edit')),
      },
    ],
  },
  {
    path: 'user',
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', lazy: page(() => import('../sis/people/routes/user-list')) },
      { path: 'new', lazy: page(() => import('../sis/people/routes/user-new')) },
      { path: ':user/edit', lazy: page(() => import('../sis/people/routes/user-edit')) },
    ],
  },
];
