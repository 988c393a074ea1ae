import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** A class's published grade book at a time, as CSV or XLSX. */
export async function exportGradeBookAsOf(
  courseId: number,
  classId: number,
  at: string,
  format: 'csv' | 'xlsx',
): Promise<void> {
  saveFile(
    await apiDownload(`/api/en/lms/course/${courseId}/grade-book/as-of/export`, {
      query: { classId, at, format },
      fallbackName: `grade-book-as-of.${format}`,
    }),
  );
}
