import { queryOptions, useQuery } from '@tanstack/react-query';
import { classroomDetailSchema } from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

/** A classroom with its students, their course status and course result so far. */
export const getClassroom = (programmeId: number, classId: number) =>
  apiFetch(`${bachelorApi(programmeId)}/classrooms/${classId}`, { schema: classroomDetailSchema });

export const classroomQueryOptions = (programmeId: number, classId: number) =>
  queryOptions({
    queryKey: ['bachelor', programmeId, 'classroom', classId],
    queryFn: () => getClassroom(programmeId, classId),
  });

export const useClassroom = (programmeId: number, classId: number | null) =>
  useQuery({ ...classroomQueryOptions(programmeId, classId ?? 0), enabled: classId !== null });
