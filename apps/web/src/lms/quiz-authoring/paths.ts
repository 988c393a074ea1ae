import { appPath } from '../../lib/paths';

/** The question-bank routes of decision 0020 §3.9. */
export const bankPaths = {
  banks: (courseId: number) => appPath(`course/${courseId}/question-banks`),
  bank: (courseId: number, bankId: number, query = '') =>
    appPath(`course/${courseId}/question-banks/${bankId}${query}`),
  authoring: (courseId: number) => appPath(`course/${courseId}/authoring`),
};
