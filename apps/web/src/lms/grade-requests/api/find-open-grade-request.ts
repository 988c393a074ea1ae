import { useQuery } from '@tanstack/react-query';
import { findGradeRequests } from './find-grade-requests';

type Subject = { courseId: number; itemId: number; studentId: number };

/**
 * The open request on one task grade, if any. The queue has no filter by task and student, so
 * this reads the course's open requests (at most one per grade, 100 a page) and picks it out.
 */
export const useOpenGradeRequest = (subject: Subject, enabled: boolean) =>
  useQuery({
    queryKey: ['grade-requests', 'open', subject],
    queryFn: async () => {
      const page = await findGradeRequests({
        courseId: subject.courseId,
        state: 'open',
        limit: 100,
      });
      return (
        page.rows.find(
          (r) => r.item?.id === subject.itemId && r.student.id === subject.studentId,
        ) ?? null
      );
    },
    enabled,
  });
