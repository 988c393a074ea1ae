import { describe, expect, it, vi } from 'vitest';
import {
  changeListState,
  listPageProps,
  listQuery,
  readListState,
  writeListState,
  type ListSpec,
} from './list-state';

type Sort = 'lastName' | 'id' | 'createdAt';
type Filter = 'clc' | 'status';
const SPEC: ListSpec<Sort, Filter> = {
  sorts: ['lastName', 'id', 'createdAt'],
  defaultSort: 'lastName',
  filters: ['clc', 'status'],
};

describe('list state in the address', () => {
  it('reads defaults from an empty address and writes nothing back', () => {
    const state = readListState(new URLSearchParams(), SPEC);
    expect(state).toEqual({
      q: '',
      page: 1,
      limit: 25,
      sort: 'lastName',
      dir: 'asc',
      filters: {},
    });
    expect(writeListState(state, SPEC).toString()).toBe('');
  });

  it('round-trips search, filters, sort, direction, page and page size', () => {
    const address = 'q=okello&clc=3&status=locked&sort=id&dir=desc&page=4&limit=50';
    const state = readListState(new URLSearchParams(address), SPEC);
    expect(state).toEqual({
      q: 'okello',
      page: 4,
      limit: 50,
      sort: 'id',
      dir: 'desc',
      filters: { clc: '3', status: 'locked' },
    });
    expect(writeListState(state, SPEC).toString()).toBe(address);
  });

  it('ignores what the list does not know: other sorts, pages past the cap, unknown filters', () => {
    const state = readListState(
      new URLSearchParams('sort=password&dir=up&page=-2&limit=1000&role=ADMIN'),
      SPEC,
    );
    expect(state).toMatchObject({ sort: 'lastName', dir: 'asc', page: 1, limit: 25, filters: {} });
  });

  it('starts at page 1 again on any change but a new page, and drops cleared filters', () => {
    const state = readListState(new URLSearchParams('clc=3&status=active&page=5'), SPEC);
    const filtered = changeListState(state, { filters: { status: null } });
    expect(filtered.page).toBe(1);
    expect(filtered.filters).toEqual({ clc: '3' });
    expect(changeListState(state, { page: 6 }).page).toBe(6);
    expect(changeListState(state, { sort: 'id', dir: 'desc' })).toMatchObject({
      page: 1,
      sort: 'id',
      dir: 'desc',
    });
  });

  it('gives the API every part of the state it filters by', () => {
    const state = readListState(new URLSearchParams('q=ali&status=active&page=2'), SPEC);
    expect(listQuery(state)).toEqual({
      page: 2,
      limit: 25,
      sort: 'lastName',
      dir: 'asc',
      q: 'ali',
      status: 'active',
    });
  });

  it('keeps a page cursor in the address only with the page change that brought it', () => {
    const state = readListState(new URLSearchParams('status=active&page=7&after=abc'), SPEC);
    expect(state).toMatchObject({ page: 7, after: 'abc' });
    expect(writeListState(state, SPEC).toString()).toBe('status=active&page=7&after=abc');
    expect(listQuery(state)).toMatchObject({ page: 7, after: 'abc' });

    const next = changeListState(state, { page: 8, after: 'def' });
    expect(next).toMatchObject({ page: 8, after: 'def' });
    expect(next.before).toBeUndefined();
    const back = changeListState(next, { page: 7, before: 'xyz' });
    expect(back).toMatchObject({ page: 7, before: 'xyz' });
    expect(back.after).toBeUndefined();
    // A jump by number, a new sort or a filter reads pages by number again.
    expect(changeListState(state, { page: 3 }).after).toBeUndefined();
    const sorted = changeListState(state, { sort: 'id' });
    expect(sorted.after).toBeUndefined();
    expect(writeListState(sorted, SPEC).toString()).toBe('status=active&sort=id');
  });
});

describe("a list table's page", () => {
  it('takes the rows of the query and the rest of the state, and sends every change back', () => {
    const state = readListState(new URLSearchParams('sort=id&dir=desc&page=3&limit=50'), SPEC);
    const change = vi.fn();
    const props = listPageProps(state, change, {
      data: { items: ['a', 'b'], total: 102 },
      isFetching: true,
    });
    expect(props).toMatchObject({
      items: ['a', 'b'],
      total: 102,
      page: 3,
      limit: 50,
      sort: 'id',
      dir: 'desc',
      isFetching: true,
    });
    props.onPageChange(4);
    props.onLimitChange(100);
    props.onSortChange('lastName', 'asc');
    expect(change.mock.calls).toEqual([
      [{ page: 4 }],
      [{ limit: 100 }],
      [{ sort: 'lastName', dir: 'asc' }],
    ]);
    expect(listPageProps(state, change, { isFetching: false })).toMatchObject({
      items: [],
      total: 0,
    });
  });
});
