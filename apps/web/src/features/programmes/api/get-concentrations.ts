import { queryOptions, useQuery } from '@tanstack/react-query';
import { concentrationsSchema, type Concentrations } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';
import { displayError } from '../../../lib/errors';

export const getConcentrations = () =>
  apiFetch('/api/general/concentrations', { schema: concentrationsSchema });

/** A failed load is kept as the concentrations' error text (spec §8), not thrown at the header. */
export const getConcentrationsOrError = async (): Promise<Concentrations> => {
  try {
    return await getConcentrations();
  } catch (error) {
    return {
      professional: [],
      bachelor: [],
      language: [],
      orientation: [],
      error: displayError(error),
    };
  }
};

/** Under the programmes key, so a programme created or changed shows in the menu at once. */
export const concentrationsQueryOptions = () =>
  queryOptions({
    queryKey: ['programmes', 'concentrations'],
    queryFn: getConcentrationsOrError,
    staleTime: 5 * 60_000,
  });

export const useConcentrations = (enabled: boolean) =>
  useQuery({ ...concentrationsQueryOptions(), enabled });
