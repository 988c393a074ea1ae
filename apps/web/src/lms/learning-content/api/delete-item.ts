import { savedSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';
import { useContentMutation } from './use-content-mutation';

export const deleteItem = ({
  family,
  itemId,
  version,
}: {
  family: 'resource' | 'task';
  itemId: number;
  version: number;
}) =>
  apiFetch(`/api/en/lms/${family}/${itemId}`, {
    method: 'DELETE',
    query: { version },
    schema: savedSchema,
  });

export const useDeleteItem = () => useContentMutation(deleteItem);
