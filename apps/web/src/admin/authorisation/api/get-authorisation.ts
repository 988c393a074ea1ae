import { queryOptions, useQuery } from '@tanstack/react-query';
import { authorisationSchema } from '@lantern/contracts/authorisation';
import { apiFetch } from '../../../lib/api-client';

/** The matrix, the role list and the right list read the same data, each behind its page's
 * right. */
export type AuthorisationView = 'matrix' | 'roles' | 'rights';

const PATHS: Record<AuthorisationView, string> = {
  matrix: '/api/en/authorisation',
  roles: '/api/en/authorisation/roles',
  rights: '/api/en/authorisation/rights',
};

export const AUTHORISATION_KEY = ['authorisation'] as const;

export const getAuthorisation = (view: AuthorisationView) =>
  apiFetch(PATHS[view], { schema: authorisationSchema });

export const authorisationQueryOptions = (view: AuthorisationView) =>
  queryOptions({
    queryKey: [...AUTHORISATION_KEY, view],
    queryFn: () => getAuthorisation(view),
  });

export const useAuthorisation = (view: AuthorisationView) =>
  useQuery(authorisationQueryOptions(view));
