import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { personPageSchema } from '@lantern/contracts/people';
import type { ClassStaffKind } from '@lantern/contracts/classes';
import { apiFetch } from '../../../lib/api-client';

export type StaffKind = ClassStaffKind;

/* Facilitators come from their own list; faculty and teaching assistants are users holding the
 * FACULTY or TEACHING_ASSISTANT role. The people
 * lists give at most 100 rows a call, so a select shows the first 100 and, when there are more,
 * asks the server for the typed text instead. */
const SOURCES = {
  facilitator: { path: '/api/en/facilitator', query: {} },
  faculty: { path: '/api/en/user', query: { role: 'FACULTY' } },
  assistant: { path: '/api/en/user', query: { role: 'TEACHING_ASSISTANT' } },
} as const satisfies Record<StaffKind, { path: string; query: Record<string, string> }>;
const OPTIONS_PAGE = 100;

export type StaffOption = { id: number; firstName: string; lastName: string; username: string };

export const findStaffOptions = async (kind: StaffKind, q: string) => {
  const source = SOURCES[kind];
  const page = await apiFetch(source.path, {
    query: { ...source.query, q, limit: OPTIONS_PAGE, sort: 'lastName', dir: 'asc' },
    schema: personPageSchema,
  });
  const items: StaffOption[] = page.items.map(({ id, firstName, lastName, username }) => ({
    id,
    firstName,
    lastName,
    username,
  }));
  return { items, complete: page.total <= items.length };
};

export const staffOptionsQueryOptions = (kind: StaffKind, q: string) =>
  queryOptions({
    queryKey: ['staff-options', kind, q],
    queryFn: () => findStaffOptions(kind, q),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** `enabled` is false for a user who may not list these people: the select then keeps the
 * class's current staff only, rather than sending them to not-authorised. */
export const useStaffOptions = (kind: StaffKind, q: string, enabled: boolean) =>
  useQuery({ ...staffOptionsQueryOptions(kind, q), enabled });
