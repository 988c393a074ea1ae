import { queryOptions, useQuery } from '@tanstack/react-query';
import { personSchema, type PersonKind } from '@lantern/contracts/people';
import { apiFetch } from '../../../lib/api-client';

/** A facilitator, coordinator or user (a student has more: get-student.ts). */
export const getPerson = (kind: PersonKind, id: number) =>
  apiFetch(`/api/en/${kind}/${id}`, { schema: personSchema });

export const personQueryOptions = (kind: PersonKind, id: number) =>
  queryOptions({ queryKey: ['people', kind, 'one', id], queryFn: () => getPerson(kind, id) });

export const usePerson = (kind: PersonKind, id: number) => useQuery(personQueryOptions(kind, id));
