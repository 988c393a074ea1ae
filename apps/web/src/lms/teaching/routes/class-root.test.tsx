import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ClassPage, TeachingClass } from '@lantern/contracts/teaching';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import ClassRoot from './class-root';

const fetchMock = vi.fn<typeof fetch>();

const klass = (id: number, name: string, phase: TeachingClass['phase']): TeachingClass => ({
  id,
  name,
  programme: { id: 1, code: '236', title: 'Business', type: 'professional', status: 'running' },
  clc: { id: 2, code: 'KAK', name: 'Kakuma' },
  phase,
  startDate: '2026-01-01',
  endDate: '2027-12-31',
  students: phase === 'empty' ? 0 : 12,
  toGrade: 2,
  late: 0,
});

const PAGE: ClassPage = {
  items: [klass(3, 'KAK-1', 'running'), klass(4, 'KAK-2', 'upcoming')],
  total: 2,
  page: 1,
  limit: 25,
  clcs: [{ id: 2, code: 'KAK', name: 'Kakuma' }],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(route: string, page: ClassPage = PAGE) {
  fetchMock.mockResolvedValue(jsonResponse(page));
  renderWithProviders(
    <Routes>
      <Route path="/en/class_root" element={<ClassRoot />} />
    </Routes>,
    { route },
  );
}

const asked = () =>
  fetchMock.mock.calls.map(([url]) => {
    const href = url instanceof Request ? url.url : url instanceof URL ? url.href : url;
    return new URL(href, 'http://localhost').searchParams;
  });

describe('ClassRoot (All my classes)', () => {
  it('asks for every class, running first, and says where each stands', async () => {
    open('/en/class_root');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]?.textContent)).toEqual([
      'Running',
      'Upcoming',
    ]);
    const query = asked()[0];
    expect(query?.get('sort')).toBe('period');
    expect(query?.has('phase')).toBe(false);
    expect(screen.getByRole('heading', { name: 'My classes' })).toBeInTheDocument();
  });

  it('"Past classes" (?phase=past) asks for the past and empty ones only', async () => {
    open('/en/class_root?phase=past', {
      ...PAGE,
      items: [klass(5, 'KAK-OLD', 'past'), klass(6, 'KAK-EMPTY', 'empty')],
    });
    expect(await screen.findByRole('heading', { name: 'Past classes' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('No students')).toBeInTheDocument();
    expect(asked()[0]?.get('phase')).toBe('past');
  });
});
