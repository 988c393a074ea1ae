import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiTokenUserListSchema } from '@lantern/contracts/bachelor-integration';
import { apiFetch } from '../../../lib/api-client';

/** The users a token may be made for (holding BA_API__DISPLAY), searched on the server. */
export const useApiTokenUsers = (q: string) =>
  useQuery({
    queryKey: ['api-tokens', 'users', q],
    queryFn: () =>
      apiFetch('/api/en/api-tokens/users', {
        query: { q: q.trim() || undefined },
        schema: apiTokenUserListSchema,
      }),
    placeholderData: keepPreviousData,
  });
