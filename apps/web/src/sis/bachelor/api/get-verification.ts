import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { termVerificationSchema } from '@lantern/contracts/bachelor-verification';
import { apiFetch } from '../../../lib/api-client';

export const getVerification = (id: number, termKey: string) =>
  apiFetch(`/api/en/programme/bachelor/${id}/verification`, {
    query: { termKey },
    schema: termVerificationSchema,
  });

/** A term's three levels, their states, stale reasons and the changes since the last UNI. */
export const useVerification = (id: number, termKey: string | null) =>
  useQuery({
    queryKey: ['bachelor', id, 'verification', termKey],
    queryFn: () => getVerification(id, termKey ?? ''),
    enabled: termKey !== null,
    placeholderData: keepPreviousData,
  });
