import { queryOptions, useQuery } from '@tanstack/react-query';
import { cleanupDryRunSchema, type CleanupCriteria } from '@lantern/contracts/data-checks';
import { apiFetch } from '../../../lib/api-client';

/** How many people a finder selects now and the first 20; removes nobody. */
export const dryRunCleanup = (criteria: CleanupCriteria) =>
  apiFetch('/api/en/data-cleanup/dry-run', { query: criteria, schema: cleanupDryRunSchema });

export const dryRunQueryOptions = (criteria: CleanupCriteria) =>
  queryOptions({
    queryKey: ['data-cleanup', 'dry-run', criteria],
    queryFn: () => dryRunCleanup(criteria),
  });

export const useDryRun = (criteria: CleanupCriteria | null) =>
  useQuery({
    ...dryRunQueryOptions(criteria ?? { kind: 'without-role', months: 24 }),
    enabled: criteria !== null,
  });
