import type { RouteObject } from 'react-router';
import { page } from './lazy-page';

/** Web-based trainings (decision 0020 §2.9): playing one, every training (WBT_ALL), a report. */
export const WBT_ROUTES: RouteObject[] = [
  { path: 'unit_wbt/:itemId', lazy: page(() => import('../lms/wbt/routes/unit-wbt')) },
  { path: 'wbts', lazy: page(() => import('../lms/wbt/routes/wbts')) },
  { path: 'wbts/:itemId/report', lazy: page(() => import('../lms/wbt/routes/wbt-report')) },
];
