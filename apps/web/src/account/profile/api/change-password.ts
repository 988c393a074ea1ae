import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { tokenPairSchema, type ChangePasswordInput } from '@lantern/contracts/auth';
import { apiFetch } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/storage';

/** The server ends every sign-in of the user and opens a new one for this device. */
export const changePasswordResultSchema = tokenPairSchema.extend({ message: z.string() });
export type ChangePasswordResult = z.infer<typeof changePasswordResultSchema>;

/** Changes the password and keeps this device signed in with the new tokens. */
export async function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResult> {
  const result = await apiFetch('/api/en/profile/change-password', {
    method: 'POST',
    body: input,
    schema: changePasswordResultSchema,
  });
  storeTokens(result.token, result.refresh_token);
  return result;
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
