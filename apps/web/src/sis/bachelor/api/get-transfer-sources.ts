import { useQuery } from '@tanstack/react-query';
import { transferSourcesSchema } from '@lantern/contracts/bachelor-credits';
import { apiFetch } from '../../../lib/api-client';

/** The student's final course results in their other programmes. */
export const getTransferSources = (id: number, enrolmentId: number) =>
  apiFetch(`/api/en/programme/bachelor/${id}/transfer-in/sources/${enrolmentId}`, {
    schema: transferSourcesSchema,
  });

export const useTransferSources = (id: number, enrolmentId: number | null) =>
  useQuery({
    queryKey: ['bachelor', id, 'transfer-sources', enrolmentId],
    queryFn: () => getTransferSources(id, enrolmentId ?? 0),
    enabled: enrolmentId !== null,
  });
