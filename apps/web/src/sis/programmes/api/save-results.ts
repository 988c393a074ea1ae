import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { resultsSavedSchema, type resultsInputSchema } from '@lantern/contracts/results';
import { apiFetch } from '../../../lib/api-client';
import { resultsQueryOptions } from './get-results';

export type ResultsInput = z.output<typeof resultsInputSchema>;

/** Enters or clears course results, all or nothing: a wrong entry refuses the whole save with
 * `fields` such as `entries.3.score`. */
export const saveResults = ({ programmeId, data }: { programmeId: number; data: ResultsInput }) =>
  apiFetch(`/api/en/programme/professional-certificate/${programmeId}/results`, {
    method: 'PUT',
    body: data,
    schema: resultsSavedSchema,
  });

export function useSaveResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResults,
    onSuccess: (_saved, { programmeId }) =>
      queryClient.invalidateQueries({ queryKey: resultsQueryOptions(programmeId).queryKey }),
  });
}
