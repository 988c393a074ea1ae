import { useQuery } from '@tanstack/react-query';
import { myProgressSchema } from '@lantern/contracts/learning-work';
import { apiFetch } from '../../../lib/api-client';

/** Own progress per concentration, course and unit. */
export const getMyProgress = () =>
  apiFetch('/api/en/lms/my-progress', { schema: myProgressSchema });

export const useMyProgress = () =>
  useQuery({ queryKey: ['lms', 'my-progress'], queryFn: getMyProgress });
