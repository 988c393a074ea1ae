import { useMutation } from '@tanstack/react-query';
import { messageSchema, type ResetPasswordInput } from '@lantern/contracts/auth';
import { apiFetch } from '../../../lib/api-client';

export const resetPassword = (input: ResetPasswordInput) =>
  apiFetch('/forgot-password/reset', {
    method: 'POST',
    body: input,
    schema: messageSchema,
    auth: false,
  });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
