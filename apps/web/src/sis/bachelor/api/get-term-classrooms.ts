import { queryOptions, useQuery } from '@tanstack/react-query';
import { classroomListSchema } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

/** Every classroom of a term, of all its offered courses (the same route without a course). */
export const getTermClassrooms = (programmeId: number, termKey: string) =>
  apiFetch(`${bachelorApi(programmeId)}/classrooms`, {
    query: { termKey },
    schema: classroomListSchema,
  });

export const termClassroomsQueryOptions = (programmeId: number, termKey: string) =>
  queryOptions({
    queryKey: ['bachelor', programmeId, 'classrooms', termKey],
    queryFn: () => getTermClassrooms(programmeId, termKey),
  });

export const useTermClassrooms = (programmeId: number, termKey: string, enabled: boolean) =>
  useQuery({ ...termClassroomsQueryOptions(programmeId, termKey), enabled });
