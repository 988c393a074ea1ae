import { queryOptions, useQuery } from '@tanstack/react-query';
import { classroomListSchema } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

/** The classrooms of one offered course of a term. */
export const getClassrooms = (programmeId: number, termKey: string, courseId: number) =>
  apiFetch(`${bachelorApi(programmeId)}/classrooms`, {
    query: { termKey, courseId },
    schema: classroomListSchema,
  });

export const classroomsQueryOptions = (programmeId: number, termKey: string, courseId: number) =>
  queryOptions({
    queryKey: ['bachelor', programmeId, 'classrooms', termKey, courseId],
    queryFn: () => getClassrooms(programmeId, termKey, courseId),
  });

export const useClassrooms = (programmeId: number, termKey: string, courseId: number) =>
  useQuery(classroomsQueryOptions(programmeId, termKey, courseId));
