import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  apiTokenUserListSchema,
  type API_TOKEN_USER_KINDS,
} from '@lantern/contracts/bachelor-integration';
import { apiFetch } from '../../../lib/api-client';

type Kind = (typeof API_TOKEN_USER_KINDS)[number];

/**
 * Users searched on the server: those a token may be made for (holding BA_API__DISPLAY), or with
 * `holders` those who hold a token, for the list's user filter.
 */
export const useApiTokenUsers = (q: string, kind: Kind = 'eligible') =>
  useQuery({
    queryKey: ['api-tokens', 'users', kind, q],
    queryFn: () =>
      apiFetch('/api/en/api-tokens/users', {
        query: { q: q.trim() || undefined, kind },
        schema: apiTokenUserListSchema,
      }),
    placeholderData: keepPreviousData,
  });
