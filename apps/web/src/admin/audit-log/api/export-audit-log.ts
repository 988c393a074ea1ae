import type { AuditLogFilter } from '@lantern/contracts/audit-log';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The log as filtered now, as CSV or XLSX, newest first. */
export async function exportAuditLog(format: 'csv' | 'xlsx', filter: AuditLogFilter) {
  saveFile(
    await apiDownload(`/api/en/audit-log/export/${format}`, {
      query: filter,
      fallbackName: `audit-log.${format}`,
    }),
  );
}
