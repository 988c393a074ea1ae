import { useMutation } from '@tanstack/react-query';
import { messageSchema, type ForgotPasswordInit } from '@lantern/contracts/auth';
import { DEFAULT_LOCALE } from '@lantern/contracts/constants';
import { apiFetch } from '../../../lib/api-client';

/** Always answers with the same message, whether or not the account exists. */
export const forgotPasswordInit = ({
  usernameOrEmail,
}: Pick<ForgotPasswordInit, 'usernameOrEmail'>) =>
  apiFetch('/forgot-password/init', {
    method: 'POST',
    body: { usernameOrEmail, locale: DEFAULT_LOCALE },
    schema: messageSchema,
    auth: false,
  });

export const useForgotPasswordInit = () => useMutation({ mutationFn: forgotPasswordInit });
