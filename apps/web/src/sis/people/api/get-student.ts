import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentSchema } from '@lantern/contracts/people';
import { apiFetch } from '../../../lib/api-client';

export const getStudent = (id: number) =>
  apiFetch(`/api/en/student/${id}`, { schema: studentSchema });

export const studentQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['people', 'student', 'one', id], queryFn: () => getStudent(id) });

export const useStudent = (id: number) => useQuery(studentQueryOptions(id));
