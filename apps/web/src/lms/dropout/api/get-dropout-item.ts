import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropoutItemSchema } from '@lantern/contracts/dropout';
import { apiFetch } from '../../../lib/api-client';
import { dropoutPath, type ProgrammeRef } from './find-dropout-items';

export type ItemRef = ProgrammeRef & { termKey: string; itemId: number };

export const dropoutItemPath = ({ termKey, itemId, ...ref }: ItemRef) =>
  `${dropoutPath(ref)}/${termKey}/${itemId}`;

export const dropoutItemQueryOptions = (ref: ItemRef) =>
  queryOptions({
    queryKey: ['dropout-item', ref.programmeType, ref.programmeId, ref.termKey, ref.itemId],
    queryFn: () => apiFetch(dropoutItemPath(ref), { schema: dropoutItemSchema }),
  });

export const useDropoutItem = (ref: ItemRef) => useQuery(dropoutItemQueryOptions(ref));
