import { queryOptions, useQuery } from '@tanstack/react-query';
import { emailInUseSchema, type PersonKind } from '@lantern/contracts/people';
import { apiFetch } from '../../../lib/api-client';

export type EmailInUseParams = { kind: PersonKind; email: string; exceptId: number | null };

export const checkEmailInUse = ({ kind, email, exceptId }: EmailInUseParams) =>
  apiFetch(`/api/en/${kind}/email-in-use`, {
    query: { email, exceptId },
    schema: emailInUseSchema,
  });

const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

export const emailInUseQueryOptions = (params: EmailInUseParams) =>
  queryOptions({
    queryKey: ['people', 'email-in-use', params],
    queryFn: () => checkEmailInUse(params),
    enabled: looksLikeEmail(params.email),
    staleTime: 30_000,
  });

/** Whether others use the e-mail already: shared addresses are allowed, the form only warns. */
export const useEmailInUse = (params: EmailInUseParams) => useQuery(emailInUseQueryOptions(params));
