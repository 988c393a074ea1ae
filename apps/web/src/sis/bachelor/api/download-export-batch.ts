import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The file an export batch sent to the certifying university. */
export async function downloadExportBatch(id: number, batchId: number): Promise<void> {
  saveFile(
    await apiDownload(`/api/en/programme/bachelor/${id}/verification/batches/${batchId}/file`, {
      fallbackName: `graduates-${batchId}`,
    }),
  );
}
