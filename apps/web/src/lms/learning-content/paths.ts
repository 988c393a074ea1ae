import type { ItemKindSpec } from '@lantern/contracts/learning-kinds';
import { appPath } from '../../lib/paths';

/** The learning routes of decision 0019 ("Web screens"). */
export const contentPaths = {
  concentrationHome: (id: number) => appPath(`concentration_home/${id}`),
  itinerary: (id: number) => appPath(`concentration_itinerary/${id}`),
  course: (id: number) => appPath(`course/${id}`),
  unitOverview: (id: number) => appPath(`unit_overview/${id}`),
  unit: (id: number, itemId?: number, preview = false) =>
    appPath(`unit/${id}${itemId === undefined ? '' : `/${itemId}`}${preview ? '?preview=1' : ''}`),
  authoring: (courseId: number) => appPath(`course/${courseId}/authoring`),
  itemAuthoring: (courseId: number, itemId: number | 'new', query = '') =>
    appPath(`course/${courseId}/authoring/item/${itemId}${query}`),
  questionBanks: (courseId: number) => appPath(`course/${courseId}/question-banks`),
  answer: (route: NonNullable<ItemKindSpec['answerRoute']>, itemId: number) =>
    appPath(route === 'discuss' ? `discuss/item/${itemId}` : `${route}/${itemId}`),
};
