import { useQuery } from '@tanstack/react-query';
import { studentPostsSchema } from '@lantern/contracts/discussions';
import { apiFetch } from '../../../lib/api-client';

/** A learner's posts in a graded discussion, for the grader. */
export const getStudentPosts = (itemId: number, studentId: number) =>
  apiFetch(`/api/en/lms/discussion/${itemId}/student/${studentId}/posts`, {
    schema: studentPostsSchema,
  });

export const useStudentPosts = (itemId: number | null, studentId: number | null) =>
  useQuery({
    queryKey: ['discussions', 'student-posts', itemId, studentId],
    queryFn: () => getStudentPosts(itemId ?? 0, studentId ?? 0),
    enabled: itemId !== null && studentId !== null,
  });
