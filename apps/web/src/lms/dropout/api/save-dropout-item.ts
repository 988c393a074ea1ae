import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dropoutItemSchema, type DropoutItemInput } from '@lantern/contracts/dropout';
import { apiFetch } from '../../../lib/api-client';
import { dropoutItemsQueryOptions, dropoutPath, type ProgrammeRef } from './find-dropout-items';
import { dropoutItemPath, type ItemRef } from './get-dropout-item';

type CreateInput = ProgrammeRef & { termKey: string; data: DropoutItemInput };
type UpdateInput = ItemRef & { data: DropoutItemInput; version: number };

export const createDropoutItem = ({ termKey, data, ...ref }: CreateInput) =>
  apiFetch(`${dropoutPath(ref)}/${termKey}`, {
    method: 'POST',
    body: data,
    schema: dropoutItemSchema,
  });

export const updateDropoutItem = ({ data, version, ...ref }: UpdateInput) =>
  apiFetch(dropoutItemPath(ref), {
    method: 'PUT',
    body: { ...data, version },
    schema: dropoutItemSchema,
  });

export function useCreateDropoutItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDropoutItem,
    onSuccess: (_item, ref) =>
      queryClient.invalidateQueries({ queryKey: dropoutItemsQueryOptions(ref).queryKey }),
  });
}

export function useUpdateDropoutItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDropoutItem,
    onSuccess: (_item, ref) =>
      queryClient.invalidateQueries({ queryKey: dropoutItemsQueryOptions(ref).queryKey }),
  });
}
