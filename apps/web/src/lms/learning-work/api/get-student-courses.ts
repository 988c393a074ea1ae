import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  additionalCandidatesSchema,
  classOptionsSchema,
  studentCoursesSchema,
  type AdditionalCourseInput,
  type AdditionalCourseUpdate,
} from '@lantern/contracts/learning-work';
import { apiFetch } from '../../../lib/api-client';

const key = (studentId: number) => ['student-courses', studentId] as const;

/** A student's courses with progress and result (the sis overview's Courses card). */
export const getStudentCourses = (studentId: number) =>
  apiFetch(`/api/en/student/${studentId}/courses`, { schema: studentCoursesSchema });

export const useStudentCourses = (studentId: number, enabled = true) =>
  useQuery({ queryKey: key(studentId), queryFn: () => getStudentCourses(studentId), enabled });

export const useAdditionalCandidates = (studentId: number, q: string, enabled: boolean) =>
  useQuery({
    queryKey: ['student-courses', studentId, 'candidates', q],
    queryFn: () =>
      apiFetch(`/api/en/student/${studentId}/additional-courses/candidates`, {
        query: { q: q || null },
        schema: additionalCandidatesSchema,
      }),
    enabled,
  });

/** The classes an additional course's learner may be moved to. */
export const useAdditionalClassOptions = (studentId: number, courseId: number) =>
  useQuery({
    queryKey: ['student-courses', studentId, 'class-options', courseId],
    queryFn: () =>
      apiFetch(`/api/en/student/${studentId}/additional-courses/${courseId}/classes`, {
        schema: classOptionsSchema,
      }),
  });

type Change =
  | { kind: 'drop' | 'restore'; courseId: number; reason: string; version: number | null }
  | { kind: 'add'; input: AdditionalCourseInput }
  | { kind: 'move'; courseId: number; input: AdditionalCourseUpdate }
  | { kind: 'remove'; courseId: number };

const request = (studentId: number, change: Change) => {
  const base = `/api/en/student/${studentId}`;
  switch (change.kind) {
    case 'drop':
    case 'restore':
      return apiFetch(`${base}/courses/${change.courseId}/${change.kind}`, {
        method: 'POST',
        body: { reason: change.reason, version: change.version },
        schema: studentCoursesSchema,
      });
    case 'add':
      return apiFetch(`${base}/additional-courses`, {
        method: 'POST',
        body: change.input,
        schema: studentCoursesSchema,
      });
    case 'move':
      return apiFetch(`${base}/additional-courses/${change.courseId}`, {
        method: 'PATCH',
        body: change.input,
        schema: studentCoursesSchema,
      });
    case 'remove':
      return apiFetch(`${base}/additional-courses/${change.courseId}`, {
        method: 'DELETE',
        schema: studentCoursesSchema,
      });
  }
};

/** Drop, restore, add, move or remove a student's course; the answer is the new list. */
export function useChangeStudentCourse(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => request(studentId, change),
    onSuccess: (data) => queryClient.setQueryData(key(studentId), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['student-courses', studentId] }),
  });
}
