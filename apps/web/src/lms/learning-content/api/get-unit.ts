import { queryOptions, useQuery } from '@tanstack/react-query';
import { unitViewSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';

/** A unit as the caller reads it, or its preview as a student will see it. */
export const getUnit = (unitId: number, preview: boolean) =>
  apiFetch(`/api/en/lms/unit/${unitId}${preview ? '/preview' : ''}`, { schema: unitViewSchema });

export const unitQueryOptions = (unitId: number, preview: boolean) =>
  queryOptions({
    queryKey: ['learning-content', 'unit', unitId, preview],
    queryFn: () => getUnit(unitId, preview),
  });

export const useUnit = (unitId: number, preview: boolean) =>
  useQuery(unitQueryOptions(unitId, preview));
