import { savedSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';
import { useContentMutation } from './use-content-mutation';

export const saveSyllabus = ({
  courseId,
  syllabus,
  contentVersion,
}: {
  courseId: number;
  syllabus: string;
  contentVersion: number;
}) =>
  apiFetch(`/api/en/lms/course/${courseId}/syllabus`, {
    method: 'PUT',
    body: { syllabus, contentVersion },
    schema: savedSchema,
  });

export const useSaveSyllabus = () => useContentMutation(saveSyllabus);
