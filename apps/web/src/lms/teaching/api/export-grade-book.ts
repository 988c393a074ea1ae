import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import type { GradeBookFilter } from './get-grade-book';

/** The grade book as CSV or XLSX, with the filters of the screen. */
export async function exportGradeBook(
  courseId: number,
  format: 'csv' | 'xlsx',
  filter: GradeBookFilter,
): Promise<void> {
  saveFile(
    await apiDownload(`/api/en/lms/course/${courseId}/grade-book/export`, {
      query: { format, classId: filter.classId, unitId: filter.unitId, q: filter.q },
      fallbackName: `grade-book.${format}`,
    }),
  );
}
