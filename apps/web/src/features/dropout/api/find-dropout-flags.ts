import { queryOptions, useQuery } from '@tanstack/react-query';
import { flagDetailSchema, flagListSchema } from '@lantern/contracts/dropout';
import { apiFetch } from '../../../lib/api-client';
import { dropoutPath, type ProgrammeRef } from './find-dropout-items';

/** The programme's open flags, by student name. */
export const dropoutFlagsQueryOptions = (ref: ProgrammeRef) =>
  queryOptions({
    queryKey: ['dropout-flags', ref.programmeType, ref.programmeId],
    queryFn: () => apiFetch(`${dropoutPath(ref)}/flags`, { schema: flagListSchema }),
  });

export const useDropoutFlags = (ref: ProgrammeRef) => useQuery(dropoutFlagsQueryOptions(ref));

/** One flag with the tasks its evidence names and its follow-ups. */
export const dropoutFlagQueryOptions = (ref: ProgrammeRef & { flagId: number }) =>
  queryOptions({
    queryKey: ['dropout-flags', ref.programmeType, ref.programmeId, ref.flagId],
    queryFn: () =>
      apiFetch(`${dropoutPath(ref)}/flags/${ref.flagId}`, { schema: flagDetailSchema }),
  });

export const useDropoutFlag = (ref: ProgrammeRef & { flagId: number }) =>
  useQuery(dropoutFlagQueryOptions(ref));
