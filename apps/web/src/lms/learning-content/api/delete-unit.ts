import { savedSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';
import { useContentMutation } from './use-content-mutation';

export const deleteUnit = ({ unitId, version }: { unitId: number; version: number }) =>
  apiFetch(`/api/en/lms/unit/${unitId}`, {
    method: 'DELETE',
    query: { version },
    schema: savedSchema,
  });

export const useDeleteUnit = () => useContentMutation(deleteUnit);
