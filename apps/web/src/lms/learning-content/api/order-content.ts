import { savedSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';
import { useContentMutation } from './use-content-mutation';

/** A new order of a course's units or a unit's items, at the course's content version. */
export const orderContent = ({
  target,
  id,
  ids,
  version,
}: {
  target: 'units' | 'items';
  id: number;
  ids: number[];
  version: number;
}) =>
  apiFetch(
    target === 'units'
      ? `/api/en/lms/course/${id}/unit-order`
      : `/api/en/lms/unit/${id}/item-order`,
    { method: 'PUT', body: { ids, version }, schema: savedSchema },
  );

export const useOrderContent = () => useContentMutation(orderContent);
