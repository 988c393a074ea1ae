import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultsImportReportSchema } from '@lantern/contracts/results';
import { apiFetch } from '../../../lib/api-client';
import { importQuery, type ImportRequest } from '../../../components/import-flow';
import { resultsQueryOptions } from './get-results';

export type ImportResultsInput = { programmeId: number } & ImportRequest;

/** A dry run reports every cell's problem and writes nothing; a real run writes every score of
 * the file in one go, or nothing when a cell has a problem. */
export const importResults = ({ programmeId, ...request }: ImportResultsInput) => {
  const body = new FormData();
  body.append('file', request.file);
  return apiFetch(`/api/en/programme/professional-certificate/${programmeId}/results/import`, {
    method: 'POST',
    query: importQuery(request),
    body,
    schema: resultsImportReportSchema,
  });
};

export function useImportResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importResults,
    onSuccess: (report, { programmeId }) =>
      report.dryRun
        ? undefined
        : queryClient.invalidateQueries({ queryKey: resultsQueryOptions(programmeId).queryKey }),
  });
}
