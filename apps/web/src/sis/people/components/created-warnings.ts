import { useLocation } from 'react-router';
import type { Warnings } from '../../../lib/use-save-outcome';

/** A new record's page is opened with the warnings of its creation, to show them there. */
export const createdState = (warnings: Warnings) => ({ createdWarnings: warnings });

export function useCreatedWarnings(): Warnings {
  const state: unknown = useLocation().state;
  if (typeof state !== 'object' || state === null || !('createdWarnings' in state)) return {};
  const warnings = state.createdWarnings;
  if (typeof warnings !== 'object' || warnings === null) return {};
  return Object.fromEntries(
    Object.entries(warnings).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
