import { Navigate, type RouteObject } from 'react-router';
import { page } from './lazy-page';

/** programme: the entry by right, the list with its tabs, and a professional certificate's new,
 * overview and edit (spec §2). */
export const PROGRAMME_ROUTES: RouteObject[] = [
  {
    path: 'programme',
    children: [
      {
        index: true,
        lazy: page(() => import('../features/programmes/routes/programme-entry')),
      },
      {
        path: 'list/:tab?',
        lazy: page(() => import('../features/programmes/routes/programme-list')),
      },
      {
        path: 'professional-certificate',
        children: [
          { index: true, element: <Navigate to="../list/professional-certificate" replace /> },
          {
            path: 'new',
            lazy: page(() => import('../features/programmes/routes/programme-new')),
          },
          {
            path: ':programme/overview',
            lazy: page(() => import('../features/programmes/routes/programme-overview')),
          },
          {
            path: ':programme/edit',
            lazy: page(() => import('../features/programmes/routes/programme-edit')),
          },
        ],
      },
    ],
  },
];
