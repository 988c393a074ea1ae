import { useMutation } from '@tanstack/react-query';
import { dataFixPreviewSchema, type FixableCheck } from '@lantern/contracts/data-checks';
import { apiFetch } from '../../../lib/api-client';

/** What the fix for all would change; changes nothing. */
export const previewFix = ({ check, q }: { check: FixableCheck; q: string }) =>
  apiFetch(`/api/en/user-data-checker/${check}/preview`, {
    method: 'POST',
    query: q ? { q } : {},
    schema: dataFixPreviewSchema,
  });

export const usePreviewFix = () => useMutation({ mutationFn: previewFix });
