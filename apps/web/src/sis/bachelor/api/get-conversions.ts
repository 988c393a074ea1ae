import { useQuery } from '@tanstack/react-query';
import { conversionListSchema } from '@lantern/contracts/bachelor-credits';
import { apiFetch } from '../../../lib/api-client';

/**
 * The page that reads the conversions: transfer in (BA_TRANSFER_IN__DISPLAY) or grades out
 * (BA_TRANSFER_OUT__DISPLAY). Each has its own path to the same list, needing its own right.
 */
export type ConversionsReader = 'transfer-in' | 'transfer-out';

const CONVERSIONS_PATH: Record<ConversionsReader, string> = {
  'transfer-in': 'conversions',
  'transfer-out': 'transfer-out/conversions',
};

/** Grading schemas, the programme's own, and every version of the conversions between them. */
export const getConversions = (id: number, reader: ConversionsReader) =>
  apiFetch(`/api/en/programme/bachelor/${id}/${CONVERSIONS_PATH[reader]}`, {
    schema: conversionListSchema,
  });

// Keyed by the path read (a user may hold one of the rights only); a new version invalidates
// `['bachelor', id, 'conversions']`, so both.
export const useConversions = (id: number, reader: ConversionsReader) =>
  useQuery({
    queryKey: ['bachelor', id, 'conversions', reader],
    queryFn: () => getConversions(id, reader),
  });
