import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importReportSchema } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';
import { importQuery, type ImportRequest } from '../../../components/import-flow';

export type ImportApplicantsInput = { programmeId: number } & ImportRequest;

/** A dry run reports every row's problem and writes nothing; a real run writes the whole file in
 * one go, or nothing when a row has a problem. */
export const importApplicants = ({ programmeId, ...request }: ImportApplicantsInput) => {
  const body = new FormData();
  body.append('file', request.file);
  return apiFetch(`/api/en/programme/professional-certificate/${programmeId}/applicants/import`, {
    method: 'POST',
    query: importQuery(request),
    body,
    schema: importReportSchema,
  });
};

export function useImportApplicants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importApplicants,
    onSuccess: (report) =>
      report.dryRun ? undefined : queryClient.invalidateQueries({ queryKey: ['programmes'] }),
  });
}
