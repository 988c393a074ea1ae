import { createBrowserRouter, Navigate } from 'react-router';
import { clearNoticesOnNavigation } from '../lib/notify';
import { onMissingRight } from '../lib/query-client';
import { notAuthorisedPath } from '../lib/rights';
import { page } from './lazy-page';
import { LangLayout } from './routes/lang-layout';
import { PEOPLE_ROUTES } from './people-routes';
import { LEARNING_WORK_ROUTES } from './learning-work-routes';
import { PROGRAMME_ROUTES } from './programme-routes';
import { BACHELOR_ROUTES } from './bachelor-routes';
import { LEARNING_CONTENT_ROUTES } from './learning-content-routes';
import { TEACHING_ROUTES } from './teaching-routes';
import { SIMILARITY_ROUTES } from './similarity-routes';
import { WBT_ROUTES } from './wbt-routes';
import { QUIZ_ROUTES } from './quiz-routes';
import { DISCUSSION_ROUTES } from './discussion-routes';
import { GRADE_REQUEST_ROUTES } from './grade-request-routes';
import { RouteError } from './routes/route-error';

export const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/en/home" replace /> },
  {
    path: '/:lang',
    Component: LangLayout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, element: <Navigate to="home" replace /> },
      // Public
      { path: 'login', lazy: page(() => import('../account/auth/routes/login')) },
      {
        path: 'forgot-password',
        lazy: page(() => import('../account/auth/routes/forgot-password')),
      },
      {
        path: 'set-new-password',
        lazy: page(() => import('../account/auth/routes/set-new-password')),
      },
      {
        path: 'public-ticket',
        lazy: page(() => import('../admin/support/routes/public-ticket')),
      },
      {
        path: 'acceptable-use',
        lazy: page(() => import('../account/legal/routes/acceptable-use')),
      },
      {
        path: 'public_wbt/:itemId',
        lazy: page(() => import('../lms/wbt/routes/public-wbt')),
      },
      {
        path: 'certificate-verification/:code?',
        lazy: page(() => import('../sis/certificates/routes/certificate-verification')),
      },
      // Signed in: the shell loads the base data first
      {
        lazy: page(() => import('./shell/app-layout')),
        children: [
          { path: 'home', lazy: page(() => import('../account/home/routes/home')) },
          {
            path: 'not-authorised',
            lazy: page(() => import('../account/home/routes/not-authorised')),
          },
          {
            path: 'support_issue',
            lazy: page(() => import('../admin/support/routes/support-issue')),
          },
          { path: 'mail-log', lazy: page(() => import('../admin/mail-log/routes/mail-log')) },
          // Administration: user merge and security batch actions
          {
            path: 'userMerge',
            lazy: page(() => import('../admin/user-merge/routes/user-merge')),
          },
          {
            path: 'userMerge/:deleteUserJwlId/:mergeUserJwlId',
            lazy: page(() => import('../admin/user-merge/routes/user-merge-compare')),
          },
          {
            path: 'security-actions',
            lazy: page(() => import('../admin/security-actions/routes/security-actions')),
          },
          {
            path: 'api-tokens',
            lazy: page(() => import('../admin/api-tokens/routes/api-tokens')),
          },
          {
            path: 'notifications',
            lazy: page(() => import('../account/notifications/routes/notifications')),
          },
          {
            // Dropout follow-ups of coordinators and facilitators (decision 0021 §3.4).
            path: 'dropout-follow-ups',
            lazy: page(() => import('../lms/dropout/routes/dropout-follow-ups')),
          },
          {
            path: 'announcements',
            lazy: page(() => import('../admin/announcements/routes/announcements')),
          },
          {
            path: 'support-tickets',
            lazy: page(() => import('../admin/support/routes/support-tickets')),
          },
          {
            path: 'clc-partner',
            children: [
              { index: true, element: <Navigate to="list" replace /> },
              {
                path: 'list',
                lazy: page(() => import('../sis/clc-partners/routes/clc-list')),
              },
              { path: 'new', lazy: page(() => import('../sis/clc-partners/routes/clc-new')) },
              {
                path: ':clc/edit',
                lazy: page(() => import('../sis/clc-partners/routes/clc-edit')),
              },
            ],
          },
          // Administration: the user data checker (a page per check) and the data cleanup.
          {
            path: 'userDataChecker',
            lazy: page(() => import('../admin/data-checks/routes/user-data-checker')),
          },
          {
            path: 'userDataChecker/:check',
            lazy: page(() => import('../admin/data-checks/routes/data-check')),
          },
          {
            path: 'dataCleanup',
            lazy: page(() => import('../admin/data-cleanup/routes/data-cleanup')),
          },
          // Authorisation and the audit log (issue 5)
          {
            path: 'authorisation',
            lazy: page(() => import('../admin/authorisation/routes/authorisation')),
          },
          {
            path: 'authorisationRoleList',
            lazy: page(() => import('../admin/authorisation/routes/authorisation-role-list')),
          },
          {
            path: 'authorisationRightList',
            lazy: page(() => import('../admin/authorisation/routes/authorisation-right-list')),
          },
          { path: 'audit-log', lazy: page(() => import('../admin/audit-log/routes/audit-log')) },
          ...PEOPLE_ROUTES,
          ...LEARNING_WORK_ROUTES,
          ...PROGRAMME_ROUTES,
          ...BACHELOR_ROUTES,
          ...LEARNING_CONTENT_ROUTES,
          ...TEACHING_ROUTES,
          ...SIMILARITY_ROUTES,
          ...WBT_ROUTES,
          ...QUIZ_ROUTES,
          ...DISCUSSION_ROUTES,
          ...GRADE_REQUEST_ROUTES,
          {
            path: 'programme/professional-certificate/:programme/certificate-export',
            lazy: page(() => import('../sis/certificates/routes/certificate-export')),
          },
          {
            path: 'profile',
            children: [
              { index: true, element: <Navigate to="view" replace /> },
              { path: 'view', lazy: page(() => import('../account/profile/routes/profile-view')) },
              {
                path: 'change-password',
                lazy: page(() => import('../account/profile/routes/change-password')),
              },
              {
                path: 'image-upload/:imageType?',
                lazy: page(() => import('../account/profile/routes/image-upload')),
              },
            ],
          },
          { path: '*', lazy: page(() => import('../account/home/routes/not-found')) },
        ],
      },
    ],
  },
]);

onMissingRight((right) => {
  void router.navigate(notAuthorisedPath(right));
});

// A failure toast belongs to the page it was shown on: leaving the page takes it away.
clearNoticesOnNavigation(router);
