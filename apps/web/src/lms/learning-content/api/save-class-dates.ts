import { savedSchema, type ClassDatesInput } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';
import { useContentMutation } from './use-content-mutation';

/** Sets a class's own dates for a task, or (data null) gives it the task's again. */
export const saveClassDates = ({
  itemId,
  classId,
  data,
}: {
  itemId: number;
  classId: number;
  data: ClassDatesInput | null;
}) =>
  apiFetch(`/api/en/lms/task/${itemId}/class-dates/${classId}`, {
    method: data === null ? 'DELETE' : 'PUT',
    ...(data === null ? {} : { body: data }),
    schema: savedSchema,
  });

export const useSaveClassDates = () => useContentMutation(saveClassDates);
