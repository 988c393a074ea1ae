import { useMutation } from '@tanstack/react-query';
import { gradeBookCellResultSchema, type GradeBookCellInput } from '@lantern/contracts/teaching';
import { apiFetch } from '../../../lib/api-client';

/** A draft grade entered in the grade book at the cell's version. */
export const saveGradeBookCell = ({
  courseId,
  data,
}: {
  courseId: number;
  data: GradeBookCellInput;
}) =>
  apiFetch(`/api/en/lms/course/${courseId}/grade-book/cell`, {
    method: 'PUT',
    body: data,
    schema: gradeBookCellResultSchema,
  });

export const useSaveGradeBookCell = () => useMutation({ mutationFn: saveGradeBookCell });
