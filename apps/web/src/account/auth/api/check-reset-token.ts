import { queryOptions, useQuery } from '@tanstack/react-query';
import { tokenValiditySchema } from '@lantern/contracts/auth';
import { apiFetch } from '../../../lib/api-client';

export const checkResetToken = (token: string) =>
  apiFetch('/forgot-password/check', {
    method: 'POST',
    body: { token },
    schema: tokenValiditySchema,
    auth: false,
  });

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    queryFn: () => checkResetToken(token),
    // One look when the page opens; the submit checks again.
    staleTime: Infinity,
    retry: false,
  });

export const useResetTokenCheck = (token: string) => useQuery(resetTokenQueryOptions(token));
