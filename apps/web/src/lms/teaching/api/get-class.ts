import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { classDetailSchema, type ClassStudentsQuery } from '@lantern/contracts/teaching';
import { apiFetch } from '../../../lib/api-client';

/** A class's students × a course's tasks. */
export const getTeachingClass = (classId: number, query: Partial<ClassStudentsQuery>) =>
  apiFetch(`/api/en/lms/class/${classId}`, { query, schema: classDetailSchema });

export const useTeachingClass = (classId: number, query: Partial<ClassStudentsQuery>) =>
  useQuery({
    queryKey: ['teaching', 'class', classId, query],
    queryFn: () => getTeachingClass(classId, query),
    placeholderData: keepPreviousData,
  });
