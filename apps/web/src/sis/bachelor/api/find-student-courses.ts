import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  studentCourseListSchema,
  type StudentCourseQuery,
} from '@lantern/contracts/bachelor-terms';
import { apiFetch } from '../../../lib/api-client';
import { bachelorApi } from './terms-path';

type Query = Record<string, string | number | undefined> & StudentCourseQuery;

export const findStudentCourses = (programmeId: number, query: Query) =>
  apiFetch(`${bachelorApi(programmeId)}/student-courses`, {
    query,
    schema: studentCourseListSchema,
  });

export const studentCoursesQueryOptions = (programmeId: number, query: Query) =>
  queryOptions({
    queryKey: ['bachelor', programmeId, 'student-courses', query],
    queryFn: () => findStudentCourses(programmeId, query),
    placeholderData: keepPreviousData,
  });

export const useStudentCourses = (programmeId: number, query: Query) =>
  useQuery(studentCoursesQueryOptions(programmeId, query));
