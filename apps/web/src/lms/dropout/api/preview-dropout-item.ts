import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { previewSchema, type DropoutItemInput } from '@lantern/contracts/dropout';
import { apiFetch } from '../../../lib/api-client';
import { dropoutPath, type ProgrammeRef } from './find-dropout-items';

/** Whom the form's item would flag now; null input (the form is invalid) asks nothing. */
export function useDropoutPreview(
  ref: ProgrammeRef & { termKey: string },
  input: DropoutItemInput | null,
) {
  return useQuery({
    queryKey: ['dropout-preview', ref.programmeType, ref.programmeId, ref.termKey, input],
    queryFn: () =>
      apiFetch(`${dropoutPath(ref)}/${ref.termKey}/preview`, {
        method: 'POST',
        body: input ?? {},
        schema: previewSchema,
      }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}
