import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@lantern/contracts/auth';
import { apiFetch } from '../../../lib/api-client';

/** Mails the person a one-time link to set a new password (PASSWORD_RESET__EDIT, decision 0015). */
export const sendPasswordReset = ({ id }: { id: number }) =>
  apiFetch(`/api/en/user/${id}/password-reset`, { method: 'POST', schema: messageSchema });

export const useSendPasswordReset = () => useMutation({ mutationFn: sendPasswordReset });
