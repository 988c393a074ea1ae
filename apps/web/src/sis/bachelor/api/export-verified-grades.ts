import type { VerificationLevel } from '@lantern/contracts/bachelor';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The verified grade set of a term at a level, while that approval is current. */
export async function exportVerifiedGrades(
  id: number,
  termKey: string,
  level: VerificationLevel,
  format: 'csv' | 'xlsx',
): Promise<void> {
  saveFile(
    await apiDownload(`/api/en/programme/bachelor/${id}/verification/export/${format}`, {
      query: { termKey, level },
      fallbackName: `verified-grades-${termKey}.${format}`,
    }),
  );
}
