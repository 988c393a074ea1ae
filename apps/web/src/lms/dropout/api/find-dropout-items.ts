import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropoutItemListSchema } from '@lantern/contracts/dropout';
import type { ProgrammeType } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';

export type ProgrammeRef = { programmeType: ProgrammeType; programmeId: number };

export const dropoutPath = ({ programmeType, programmeId }: ProgrammeRef) =>
  `/api/en/dropout-flagging/${programmeType}/${programmeId}`;

/** A programme's flagging items, with how many each flags now and the last run. */
export const findDropoutItems = (ref: ProgrammeRef) =>
  apiFetch(dropoutPath(ref), { schema: dropoutItemListSchema });

export const dropoutItemsQueryOptions = (ref: ProgrammeRef) =>
  queryOptions({
    queryKey: ['dropout-items', ref.programmeType, ref.programmeId],
    queryFn: () => findDropoutItems(ref),
  });

export const useDropoutItems = (ref: ProgrammeRef) => useQuery(dropoutItemsQueryOptions(ref));
