import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The role-to-right map as CSV or XLSX. */
export async function exportRoleRights(format: 'csv' | 'xlsx') {
  saveFile(
    await apiDownload(`/api/en/authorisation/export/${format}`, {
      fallbackName: `role-rights.${format}`,
    }),
  );
}
