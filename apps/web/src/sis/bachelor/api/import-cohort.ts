import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cohortImportReportSchema } from '@lantern/contracts/bachelor-cohorts';
import { apiFetch } from '../../../lib/api-client';
import { importQuery, type ImportRequest } from '../../../components/import-flow';

export type ImportCohortInput = { programmeId: number; cohortId: number } & ImportRequest;

/** A dry run reports every row's problem and the diff against the cohort's last import, and
 * writes nothing; a real run writes the whole file in one go, or nothing. */
export const importCohort = ({ programmeId, cohortId, ...request }: ImportCohortInput) => {
  const body = new FormData();
  body.append('file', request.file);
  return apiFetch(`/api/en/programme/bachelor/${programmeId}/cohorts/${cohortId}/import`, {
    method: 'POST',
    query: importQuery(request),
    body,
    schema: cohortImportReportSchema,
  });
};

export function useImportCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCohort,
    onSuccess: (report, { programmeId }) =>
      report.dryRun
        ? undefined
        : queryClient.invalidateQueries({ queryKey: ['bachelor', programmeId, 'cohorts'] }),
  });
}
