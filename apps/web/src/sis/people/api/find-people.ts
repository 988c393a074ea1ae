import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { personPageSchema, type PersonKind } from '@lantern/contracts/people';
import { apiFetch } from '../../../lib/api-client';

export type FindPeopleQuery = Record<string, string | number>;

export const findPeople = (kind: PersonKind, query: FindPeopleQuery) =>
  apiFetch(`/api/en/${kind}`, { query, schema: personPageSchema });

export const peopleQueryOptions = (kind: PersonKind, query: FindPeopleQuery) =>
  queryOptions({
    queryKey: ['people', kind, 'list', query],
    queryFn: () => findPeople(kind, query),
    placeholderData: keepPreviousData,
  });

export const usePeople = (kind: PersonKind, query: FindPeopleQuery) =>
  useQuery(peopleQueryOptions(kind, query));
