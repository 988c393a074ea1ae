import { savedSchema } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';
import { useContentMutation } from './use-content-mutation';

export type UnitTransition = 'publish' | 'unpublish' | 'close' | 'reopen';

export const runUnitTransition = ({
  unitId,
  transition,
  version,
}: {
  unitId: number;
  transition: UnitTransition;
  version: number;
}) =>
  apiFetch(`/api/en/lms/unit/${unitId}/${transition}`, {
    method: 'POST',
    body: { version },
    schema: savedSchema,
  });

export const useUnitTransition = () => useContentMutation(runUnitTransition);
