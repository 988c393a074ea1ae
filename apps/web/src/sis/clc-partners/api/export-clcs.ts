import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The list as filtered now, as CSV or XLSX (paging and sort are the server's). */
export async function exportClcs(format: 'csv' | 'xlsx', query: Record<string, string | number>) {
  const { page: _page, limit: _limit, ...filters } = query;
  saveFile(
    await apiDownload(`/api/en/clc-partner/export/${format}`, {
      query: filters,
      fallbackName: `clc-partners.${format}`,
    }),
  );
}
