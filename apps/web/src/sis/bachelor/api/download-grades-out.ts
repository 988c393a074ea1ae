import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** Downloads grades out as CSV or XLSX; the server keeps the file as an export batch. */
export async function downloadGradesOut(
  id: number,
  options: { gradingSchemaId: number; courseId: number | null; format: 'csv' | 'xlsx' },
) {
  saveFile(
    await apiDownload(`/api/en/programme/bachelor/${id}/transfer-out/grades-out/export`, {
      query: {
        gradingSchemaId: options.gradingSchemaId,
        courseId: options.courseId,
        format: options.format,
      },
      fallbackName: `grades-out.${options.format}`,
    }),
  );
}
