import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  flagDetailSchema,
  flagListSchema,
  type DropoutCriterion,
  type DropoutFlagStatus,
  type FlagSort,
} from '@lantern/contracts/dropout';
import { apiFetch } from '../../../lib/api-client';
import { dropoutPath, type ProgrammeRef } from './find-dropout-items';

/** What the flagged-students list shows: the query of `GET …/flags` (empty: all). */
export type FlagFilters = {
  status: 'open' | 'cleared';
  q: string;
  classId: number | null;
  criterion: DropoutCriterion | null;
  flagStatus: DropoutFlagStatus | null;
  sort: FlagSort;
  page: number;
  /** One term's flags (a bachelor term), or every flag of the programme. */
  termKey?: string | null | undefined;
};

export const NO_FLAG_FILTERS: FlagFilters = {
  status: 'open',
  q: '',
  classId: null,
  criterion: null,
  flagStatus: null,
  sort: 'name',
  page: 1,
};

/** The programme's flags, filtered and sorted, a page at a time. */
export const dropoutFlagsQueryOptions = (ref: ProgrammeRef, filters: FlagFilters) =>
  queryOptions({
    queryKey: ['dropout-flags', ref.programmeType, ref.programmeId, filters],
    queryFn: () =>
      apiFetch(`${dropoutPath(ref)}/flags`, {
        query: {
          status: filters.status,
          q: filters.q.trim() || undefined,
          classId: filters.classId ?? undefined,
          criterion: filters.criterion ?? undefined,
          flagStatus: filters.flagStatus ?? undefined,
          sort: filters.sort,
          page: filters.page,
          termKey: filters.termKey ?? undefined,
        },
        schema: flagListSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const useDropoutFlags = (ref: ProgrammeRef, filters: FlagFilters) =>
  useQuery(dropoutFlagsQueryOptions(ref, filters));

/** One flag with the tasks its evidence names and its follow-ups. */
export const dropoutFlagQueryOptions = (ref: ProgrammeRef & { flagId: number }) =>
  queryOptions({
    queryKey: ['dropout-flags', ref.programmeType, ref.programmeId, ref.flagId],
    queryFn: () =>
      apiFetch(`${dropoutPath(ref)}/flags/${ref.flagId}`, { schema: flagDetailSchema }),
  });

export const useDropoutFlag = (ref: ProgrammeRef & { flagId: number }) =>
  useQuery(dropoutFlagQueryOptions(ref));
