import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dataFixResultSchema,
  type DataChange,
  type FixableCheck,
} from '@lantern/contracts/data-checks';
import { apiFetch } from '../../../lib/api-client';

/** Applies exactly the previewed changes; people changed since are skipped and reported. */
export const applyFix = ({ check, changes }: { check: FixableCheck; changes: DataChange[] }) =>
  apiFetch(`/api/en/user-data-checker/${check}/fix`, {
    method: 'POST',
    body: { changes },
    schema: dataFixResultSchema,
  });

export function useApplyFix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyFix,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['data-checks'] }),
  });
}
