import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { CHANGE, page, REQUEST } from '../test-fixtures';
import GradeRequestsPage from './grade-requests';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = new URL(urlOf(input), 'http://x');
    // The first page ends where the next one starts: `before` is its last id.
    if (url.searchParams.get('before') === '12')
      return Promise.resolve(jsonResponse(page([{ ...REQUEST, id: 5, reason: 'Older' }])));
    return Promise.resolve(jsonResponse(page([CHANGE, REQUEST], 12)));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The query of every call so far, as objects. */
const queries = () =>
  fetchMock.mock.calls.map((c) =>
    Object.fromEntries(new URL(urlOf(c[0]), 'http://x').searchParams.entries()),
  );

function open(route = '/en/learning/grade-requests') {
  renderWithProviders(
    <Routes>
      <Route path="/en/learning/grade-requests" element={<GradeRequestsPage />} />
    </Routes>,
    { route },
  );
}

describe('GradeRequestsPage', () => {
  it('shows the open requests first, a tab per state with its count, and rows in words', async () => {
    open();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(screen.getByRole('tab', { name: 'Open (2)', selected: true })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Approved (5)' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Withdrawn (0)' })).toBeVisible();
    const change = within(rows[1] as HTMLElement);
    expect(change.getByRole('link', { name: 'Grade change #13' })).toHaveAttribute(
      'href',
      '/en/learning/grade-request/13',
    );
    expect(rows[1]).toHaveTextContent('BUS101 · Essay 2');
    expect(rows[1]).toHaveTextContent('Maria Alvarez');
    expect(rows[1]).toHaveTextContent('7 of 10 → 9 of 10');
    expect(rows[1]).toHaveTextContent('Ana Ruiz');
    expect(rows[1]).toHaveTextContent('Open');
    expect(rows[2]).toHaveTextContent('Undo publish #12');
    expect(rows[2]).toHaveTextContent('7 of 10 → not published');
    expect(queries()[0]).toEqual({ state: 'open' });
  });

  it('filters by state, kind, course, mine and search, each a new first page', async () => {
    open();
    const user = userEvent.setup();
    await screen.findAllByRole('row');
    await user.click(screen.getByRole('tab', { name: 'Approved (5)' }));
    await waitFor(() => {
      expect(queries().at(-1)).toEqual({ state: 'approved' });
    });
    await user.click(screen.getByRole('textbox', { name: 'Kind' }));
    await user.click(
      await screen.findByRole('option', { name: 'Grade change (1 open)', hidden: true }),
    );
    await waitFor(() => {
      expect(queries().at(-1)).toEqual({ state: 'approved', kind: 'grade_change' });
    });
    await user.click(screen.getByRole('textbox', { name: 'Course' }));
    await user.click(
      await screen.findByRole('option', { name: 'BUS101 · Business basics', hidden: true }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Only my requests' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Maria');
    await waitFor(
      () => {
        expect(queries().at(-1)).toEqual({
          state: 'approved',
          kind: 'grade_change',
          courseId: '3',
          mine: 'true',
          q: 'Maria',
        });
      },
      { timeout: 2000 },
    );
  });

  it('loads more after the last row, keeping the filters', async () => {
    open('/en/learning/grade-requests?kind=undo_publish');
    const user = userEvent.setup();
    await screen.findAllByRole('row');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Undo publish #5' })).toBeVisible();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(queries().at(-1)).toEqual({ state: 'open', kind: 'undo_publish', before: '12' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows a card per request on a phone', async () => {
    // Every media query matches: the page takes the phone's layout.
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: vi.fn(),
        }) as unknown as MediaQueryList, // The parts Mantine reads.
    );
    try {
      open();
      const cards = await screen.findAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(screen.queryByRole('table')).toBeNull();
      expect(cards[0]).toHaveTextContent('Grade change #13');
      expect(cards[0]).toHaveTextContent('BUS101 · Essay 2 · Maria Alvarez · K1');
      expect(cards[0]).toHaveTextContent('7 of 10 → 9 of 10');
    } finally {
      matchMedia.mockRestore();
    }
  });

  it('says so when there is nothing to show', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(page([]))));
    open();
    expect(await screen.findByText('No requests to show.')).toBeVisible();
  });
});
