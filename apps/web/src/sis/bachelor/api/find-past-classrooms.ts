import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pastClassroomListSchema } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

type Query = { q?: string; page: number; limit: number };

/** Closed classrooms, or those still open after their term ended. */
export const findPastClassrooms = (programmeId: number, state: 'open' | 'closed', query: Query) =>
  apiFetch(`${bachelorApi(programmeId)}/past-classrooms/${state}`, {
    query,
    schema: pastClassroomListSchema,
  });

export const pastClassroomsQueryOptions = (
  programmeId: number,
  state: 'open' | 'closed',
  query: Query,
) =>
  queryOptions({
    queryKey: ['bachelor', programmeId, 'past-classrooms', state, query],
    queryFn: () => findPastClassrooms(programmeId, state, query),
    placeholderData: keepPreviousData,
  });

export const usePastClassrooms = (programmeId: number, state: 'open' | 'closed', query: Query) =>
  useQuery(pastClassroomsQueryOptions(programmeId, state, query));
