import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** One certificate's PDF, saved under the name the server gives it (`<code>-<lastname>.pdf`). */
export async function downloadCertificate({ id, code }: { id: string; code: string }) {
  saveFile(await apiDownload(`/api/en/certificates/${id}/pdf`, { fallbackName: `${code}.pdf` }));
}

export const useDownloadCertificate = () => useMutation({ mutationFn: downloadCertificate });
