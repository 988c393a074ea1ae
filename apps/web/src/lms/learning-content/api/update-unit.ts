import { savedSchema, type UnitUpdate } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';
import { useContentMutation } from './use-content-mutation';

/** Renames a unit or changes its summary or opening date, at the version the author saw. */
export const updateUnit = ({ unitId, data }: { unitId: number; data: UnitUpdate }) =>
  apiFetch(`/api/en/lms/unit/${unitId}`, { method: 'PATCH', body: data, schema: savedSchema });

export const useUpdateUnit = () => useContentMutation(updateUnit);
