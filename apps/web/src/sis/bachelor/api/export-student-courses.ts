import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { bachelorApi } from './terms-path';

/** The students list as filtered now, as CSV or XLSX (paging and sort are the server's). */
export async function exportStudentCourses(
  programmeId: number,
  query: Record<string, string | number | undefined>,
  format: 'csv' | 'xlsx',
) {
  const { page: _page, limit: _limit, ...filters } = query;
  saveFile(
    await apiDownload(`${bachelorApi(programmeId)}/student-courses/export`, {
      query: { ...filters, format },
      fallbackName: `students.${format}`,
    }),
  );
}
