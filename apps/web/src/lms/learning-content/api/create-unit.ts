import { createdSchema, type UnitInput } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';
import { useContentMutation } from './use-content-mutation';

export const createUnit = ({ courseId, data }: { courseId: number; data: UnitInput }) =>
  apiFetch(`/api/en/lms/course/${courseId}/units`, {
    method: 'POST',
    body: data,
    schema: createdSchema,
  });

export const useCreateUnit = () => useContentMutation(createUnit);
