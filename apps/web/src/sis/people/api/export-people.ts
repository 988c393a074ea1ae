import type { PersonKind } from '@lantern/contracts/people';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The list as filtered now, as CSV or XLSX (the server pages and sorts it itself). */
export async function exportPeople(
  kind: PersonKind,
  format: 'csv' | 'xlsx',
  query: Record<string, string | number>,
) {
  const { page: _page, limit: _limit, sort: _sort, dir: _dir, ...filters } = query;
  saveFile(
    await apiDownload(`/api/en/${kind}/export/${format}`, {
      query: filters,
      fallbackName: `${kind}s.${format}`,
    }),
  );
}
