import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@lantern/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

export const changePassword = async (input: ChangePasswordInput): Promise<void> => {
  await apiRequest('/api/en/profile/change-password', { method: 'POST', body: input });
};

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
