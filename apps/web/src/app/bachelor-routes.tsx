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
        lazy: page(() => import('../sis/bachelor/routes/bachelor-layout')),
        children: [
          { index: true, lazy: page(() => import('../sis/bachelor/routes/bachelor-home')) },
          {
            path: 'verification',
            lazy: page(() => import('../sis/bachelor/routes/verification')),
          },
          {
            path: 'cohorts',
            children: [
              { index: true, element: <Navigate to="list" replace /> },
              { path: 'list', lazy: page(() => import('../sis/bachelor/routes/cohort-list')) },
              { path: 'new', lazy: page(() => import('../sis/bachelor/routes/cohort-new')) },
              {
                path: 'import/:cohortId',
                lazy: page(() => import('../sis/bachelor/routes/cohort-import')),
              },
            ],
          },
          // Credits and transfers (decision 0022, "As built: credits").
          { path: 'credits', lazy: page(() => import('../sis/bachelor/routes/credits')) },
          {
            path: 'transfer-in/internal',
            lazy: page(() => import('../sis/bachelor/routes/transfer-in-internal')),
          },
          {
            path: 'transfer-in/external',
            lazy: page(() => import('../sis/bachelor/routes/transfer-in-external')),
          },
          {
            path: 'transfer-in/approval',
            lazy: page(() => import('../sis/bachelor/routes/transfer-in-approval')),
          },
          {
            path: 'transfer-out/bachelor',
            lazy: page(() => import('../sis/bachelor/routes/transfer-out')),
          },
          {
            path: 'transfer-out/transfer-grades-out/:gradingSchemaId?/:courseId?',
            lazy: page(() => import('../sis/bachelor/routes/grades-out')),
          },
          // Terms, students, classrooms (decision 0022, "As built: terms and student courses").
          { path: 'terms', lazy: page(() => import('../sis/bachelor/routes/terms-redirect')) },
          {
            path: 'terms/:termYear',
            lazy: page(() => import('../sis/bachelor/routes/terms')),
          },
          {
            path: 'terms/:termYear/create-internship',
            lazy: page(() => import('../sis/bachelor/routes/create-internship')),
          },
          {
            path: 'students',
            lazy: page(() => import('../sis/bachelor/routes/students')),
          },
          {
            path: 'students/:termYear',
            lazy: page(() => import('../sis/bachelor/routes/students')),
          },
          {
            path: 'students/:termYear/term/:termKey',
            lazy: page(() => import('../sis/bachelor/routes/students')),
          },
          {
            path: 'students/internship',
            lazy: page(() => import('../sis/bachelor/routes/internship')),
          },
          {
            path: 'students/internship/term/:termKey',
            lazy: page(() => import('../sis/bachelor/routes/internship')),
          },
          {
            path: 'students/past-classrooms/:which',
            lazy: page(() => import('../sis/bachelor/routes/past-classrooms')),
          },
          {
            path: 'classroom/:termKey/:courseId/:currentCourseIndex',
            lazy: page(() => import('../sis/bachelor/routes/classroom')),
          },
          {
            path: 'dropout-flagging/:termYear?',
            lazy: page(() => import('../sis/bachelor/routes/bachelor-dropout-year')),
          },
          {
            path: 'dropout-flagging/:termYear/term/:termKey',
            lazy: page(() => import('../sis/bachelor/routes/bachelor-dropout-term')),
          },
        ],
      },
    ],
  },
];
