import { useQuery } from '@tanstack/react-query';
import { classFlagCountSchema } from '@lantern/contracts/dropout';
import { apiFetch } from '../../../lib/api-client';

/** How many students of a class are flagged for dropout now. */
export const useClassFlagCount = (classId: number) =>
  useQuery({
    queryKey: ['dropout-flags', 'class', classId],
    queryFn: () =>
      apiFetch(`/api/en/dropout-flagging/class/${classId}`, { schema: classFlagCountSchema }),
    enabled: Number.isInteger(classId) && classId > 0,
  });
