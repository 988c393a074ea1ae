/* A server-side list's whole state (search, filters, sort, page, page size) lives in the
 * address, so a link reproduces the list and Back returns to the previous one. Defaults are left
 * out of the address to keep links short. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_MAX } from '@lantern/contracts/constants';

export type SortDir = 'asc' | 'desc';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export type ListSpec<S extends string, F extends string> = {
  sorts: readonly S[];
  defaultSort: S;
  defaultDir?: SortDir;
  filters: readonly F[];
};

export type ListState<S extends string, F extends string> = {
  q: string;
  page: number;
  limit: number;
  sort: S;
  dir: SortDir;
  filters: Partial<Record<F, string>>;
  /** Where the page starts, for lists with keyset paging: after or before a row's cursor. */
  after?: string;
  before?: string;
};

const positiveInt = (value: string | null, fallback: number, max: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

export function readListState<S extends string, F extends string>(
  params: URLSearchParams,
  spec: ListSpec<S, F>,
): ListState<S, F> {
  const sortParam = params.get('sort');
  const sort = spec.sorts.find((s) => s === sortParam) ?? spec.defaultSort;
  const dirParam = params.get('dir');
  const dir: SortDir =
    dirParam === 'asc' || dirParam === 'desc' ? dirParam : (spec.defaultDir ?? 'asc');
  const filters: Partial<Record<F, string>> = {};
  for (const name of spec.filters) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return {
    q: params.get('q')?.trim() ?? '',
    page: positiveInt(params.get('page'), 1, 100_000),
    limit: positiveInt(params.get('limit'), DEFAULT_PAGE_SIZE, PAGE_SIZE_MAX),
    sort,
    dir,
    filters,
    ...cursorParams(params),
  };
}

/** A page's cursor from the address: one of after and before, never both. */
function cursorParams(params: URLSearchParams): { after?: string; before?: string } {
  const after = params.get('after');
  if (after) return { after };
  const before = params.get('before');
  return before ? { before } : {};
}

export function writeListState<S extends string, F extends string>(
  state: ListState<S, F>,
  spec: ListSpec<S, F>,
): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  for (const name of spec.filters) {
    const value = state.filters[name];
    if (value) params.set(name, value);
  }
  if (state.sort !== spec.defaultSort) params.set('sort', state.sort);
  if (state.dir !== (spec.defaultDir ?? 'asc')) params.set('dir', state.dir);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.after) params.set('after', state.after);
  else if (state.before) params.set('before', state.before);
  if (state.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(state.limit));
  return params;
}

export type ListChange<S extends string, F extends string> = Partial<
  Omit<ListState<S, F>, 'filters'>
> & { filters?: Partial<Record<F, string | null>> };

/** Applies a change; anything but a new page starts again at page 1. A page's cursor is kept
 * only with the page change that brought it: any other change reads pages by number again. */
export function changeListState<S extends string, F extends string>(
  state: ListState<S, F>,
  change: ListChange<S, F>,
): ListState<S, F> {
  const merged: Partial<Record<F, string | null>> = { ...state.filters, ...change.filters };
  const filters: Partial<Record<F, string>> = {};
  for (const [name, value] of Object.entries(merged) as [F, string | null | undefined][]) {
    if (value) filters[name] = value;
  }
  const { filters: _ignored, after, before, ...rest } = change;
  const { after: _after, before: _before, ...kept } = state;
  const next: ListState<S, F> = { ...kept, ...rest, filters };
  if (change.page === undefined) next.page = 1;
  else if (after) next.after = after;
  else if (before) next.before = before;
  return next;
}

/** The list query the API takes: the state flattened, empty filters left out. */
export function listQuery<S extends string, F extends string>(
  state: ListState<S, F>,
): Record<string, string | number> {
  const query: Record<string, string | number> = {
    page: state.page,
    limit: state.limit,
    sort: state.sort,
    dir: state.dir,
  };
  if (state.q) query.q = state.q;
  if (state.after) query.after = state.after;
  else if (state.before) query.before = state.before;
  for (const [name, value] of Object.entries(state.filters) as [F, string | undefined][]) {
    if (value) query[name] = value;
  }
  return query;
}

/** The list state of the address, and a setter that writes a change back (a search replaces the
 * entry while typing; every other change is a new entry, so Back undoes it). */
export function useListState<S extends string, F extends string>(spec: ListSpec<S, F>) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, spec), [params, spec]);
  const change = useCallback(
    (update: ListChange<S, F>) => {
      const next = changeListState(state, update);
      setParams(writeListState(next, spec), { replace: Object.keys(update).join() === 'q' });
    },
    [state, spec, setParams],
  );
  return [state, change] as const;
}

/** A page of a server list, with the list state that asked for it and the changes it allows:
 * what a list table takes. */
export type ListPageProps<T, S extends string> = {
  items: T[];
  total: number;
  page: number;
  limit: number;
  sort: S;
  dir: SortDir;
  isFetching: boolean;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  onSortChange: (sort: S, dir: SortDir) => void;
};

/** A list table's page from the list state and the query that reads it (no rows yet: none). */
export function listPageProps<T, S extends string, F extends string>(
  state: ListState<S, F>,
  change: (update: ListChange<S, F>) => void,
  result: { data?: { items: T[]; total: number } | undefined; isFetching: boolean },
): ListPageProps<T, S> {
  return {
    items: result.data?.items ?? [],
    total: result.data?.total ?? 0,
    page: state.page,
    limit: state.limit,
    sort: state.sort,
    dir: state.dir,
    isFetching: result.isFetching,
    onPageChange: (page) => {
      change({ page });
    },
    onLimitChange: (limit) => {
      change({ limit });
    },
    onSortChange: (sort, dir) => {
      change({ sort, dir });
    },
  };
}

/** A list filter's width on a phone: two side by side, so the table stays near the top. */
export const HALF_WIDTH = 'calc(50% - var(--mantine-spacing-xs) / 2)';
