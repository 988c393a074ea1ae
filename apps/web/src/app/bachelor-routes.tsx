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
          {
            path: 'dropout-flagging/:termYear?',
            lazy: page(() => import('../features/bachelor/routes/bachelor-dropout-year')),
          },
          {
            path: 'dropout-flagging/:termYear/term/:termKey',
            lazy: page(() => import('../features/bachelor/routes/bachelor-dropout-term')),
          },
        ],
      },
    ],
  },
];
