import { useQuery } from '@tanstack/react-query';
import { conversionListSchema } from '@lantern/contracts/bachelor-credits';
import { apiFetch } from '../../../lib/api-client';

/** Grading schemas, the programme's own, and every version of the conversions between them. */
export const getConversions = (id: number) =>
  apiFetch(`/api/en/programme/bachelor/${id}/conversions`, { schema: conversionListSchema });

export const useConversions = (id: number) =>
  useQuery({ queryKey: ['bachelor', id, 'conversions'], queryFn: () => getConversions(id) });
