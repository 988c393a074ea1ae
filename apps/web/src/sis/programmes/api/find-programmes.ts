import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { programmePageSchema } from '@lantern/contracts/programme';
import { apiFetch } from '../../../lib/api-client';
import type { ProgrammeTab } from '../paths';

export type FindProgrammesQuery = Record<string, string | number>;

export const findProgrammes = (tab: ProgrammeTab, query: FindProgrammesQuery) =>
  apiFetch(`/api/en/programme/${tab}`, { query, schema: programmePageSchema });

export const programmesQueryOptions = (tab: ProgrammeTab, query: FindProgrammesQuery) =>
  queryOptions({
    queryKey: ['programmes', 'list', tab, query],
    queryFn: () => findProgrammes(tab, query),
    placeholderData: keepPreviousData,
  });

export const useProgrammes = (tab: ProgrammeTab, query: FindProgrammesQuery) =>
  useQuery(programmesQueryOptions(tab, query));
