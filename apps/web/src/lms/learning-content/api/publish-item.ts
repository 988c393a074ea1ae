import { savedSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';
import { useContentMutation } from './use-content-mutation';

export const publishItem = ({
  itemId,
  publish,
  version,
}: {
  itemId: number;
  publish: boolean;
  version: number;
}) =>
  apiFetch(`/api/en/lms/item/${itemId}/${publish ? 'publish' : 'unpublish'}`, {
    method: 'POST',
    body: { version },
    schema: savedSchema,
  });

export const usePublishItem = () => useContentMutation(publishItem);
