import type { DataCheck } from '@lantern/contracts/data-checks';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The people a check finds (as searched now), as CSV or XLSX. */
export async function exportCheck(check: DataCheck, format: 'csv' | 'xlsx', q: string) {
  saveFile(
    await apiDownload(`/api/en/user-data-checker/${check}/export/${format}`, {
      query: q ? { q } : {},
      fallbackName: `user-data-checker-${check}.${format}`,
    }),
  );
}
