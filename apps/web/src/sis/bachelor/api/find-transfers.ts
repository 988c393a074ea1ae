import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { transferListSchema } from '@lantern/contracts/bachelor-credits';
import { apiFetch } from '../../../lib/api-client';

/** A page of transfers in or out, newest first. */
export const findTransfers = (
  id: number,
  direction: 'in' | 'out',
  query: Record<string, string | number>,
) =>
  apiFetch(`/api/en/programme/bachelor/${id}/transfer-${direction}`, {
    query,
    schema: transferListSchema,
  });

export const useTransfers = (
  id: number,
  direction: 'in' | 'out',
  query: Record<string, string | number>,
) =>
  useQuery({
    queryKey: ['bachelor', id, 'transfers', direction, query],
    queryFn: () => findTransfers(id, direction, query),
    placeholderData: keepPreviousData,
  });
