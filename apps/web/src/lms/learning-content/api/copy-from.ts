import { copyResultSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';
import { useContentMutation } from './use-content-mutation';

export const copyFrom = ({
  courseId,
  sourceCourseId,
  mode,
}: {
  courseId: number;
  sourceCourseId: number;
  mode: 'empty' | 'append';
}) =>
  apiFetch(`/api/en/lms/course/${courseId}/copy-from/${sourceCourseId}`, {
    method: 'POST',
    body: { mode },
    schema: copyResultSchema,
  });

export const useCopyFrom = () => useContentMutation(copyFrom);
