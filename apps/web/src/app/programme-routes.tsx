import { Navigate, type RouteObject } from 'react-router';
import { page } from './lazy-page';

/** programme: the entry by right, the list with its tabs, and a professional certificate's new,
 * overview, edit, classes, finish (review grades) and dropout flagging; a programme's automatic
 * mails and dropout flagging items (spec §2). */
export const PROGRAMME_ROUTES: RouteObject[] = [
  {
    path: 'programme',
    children: [
      {
        index: true,
        lazy: page(() => import('../sis/programmes/routes/programme-entry')),
      },
      {
        path: 'list/:tab?',
        lazy: page(() => import('../sis/programmes/routes/programme-list')),
      },
      {
        path: 'professional-certificate',
        children: [
          { index: true, element: <Navigate to="../list/professional-certificate" replace /> },
          {
            path: 'new',
            lazy: page(() => import('../sis/programmes/routes/programme-new')),
          },
          {
            path: ':programme/overview',
            lazy: page(() => import('../sis/programmes/routes/programme-overview')),
          },
          {
            path: ':programme/edit',
            lazy: page(() => import('../sis/programmes/routes/programme-edit')),
          },
          {
            path: ':programme/classes',
            lazy: page(() => import('../sis/programmes/routes/programme-classes')),
          },
          {
            path: ':programme/finish',
            lazy: page(() => import('../sis/programmes/routes/programme-finish')),
          },
          {
            path: ':programme/dropout-flagging',
            lazy: page(() => import('../lms/dropout/routes/dropout-list')),
          },
          {
            path: ':programme/dropout-flagging/report',
            lazy: page(() => import('../lms/dropout/routes/dropout-report')),
          },
        ],
      },
    ],
  },
  {
    path: 'dropout-flagging/:programmeType/:programme/:termKey',
    children: [
      {
        path: 'create',
        lazy: page(() => import('../lms/dropout/routes/dropout-item')),
      },
      {
        path: ':itemId',
        lazy: page(() => import('../lms/dropout/routes/dropout-item')),
      },
    ],
  },
  {
    path: 'automatic-mail/:programmeType/:programmeId',
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      {
        path: 'list',
        lazy: page(() => import('../admin/automatic-mails/routes/automatic-mail-list')),
      },
      {
        path: 'detail/:itemId',
        lazy: page(() => import('../admin/automatic-mails/routes/automatic-mail-detail')),
      },
    ],
  },
];
