import { useMutation } from '@tanstack/react-query';
import { tokenPairSchema, type LoginInput, type TokenPair } from '@lantern/contracts/auth';
import { apiFetch } from '../../../lib/api-client';

export const login = (input: LoginInput): Promise<TokenPair> =>
  apiFetch('/api/login_check', {
    method: 'POST',
    body: input,
    schema: tokenPairSchema,
    auth: false,
  });

export const useLogin = () => useMutation({ mutationFn: login });
