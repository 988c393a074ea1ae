import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportSchema } from '@lantern/contracts/dropout';
import { apiFetch } from '../../../lib/api-client';
import { dropoutPath, type ProgrammeRef } from './find-dropout-items';

/** The tuning report: per item, what became of the students it flagged. */
export const dropoutReportQueryOptions = (ref: ProgrammeRef) =>
  queryOptions({
    queryKey: ['dropout-report', ref.programmeType, ref.programmeId],
    queryFn: () => apiFetch(`${dropoutPath(ref)}/report`, { schema: reportSchema }),
  });

export const useDropoutReport = (ref: ProgrammeRef) => useQuery(dropoutReportQueryOptions(ref));
