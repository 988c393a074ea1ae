import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { entry, line, historyPage } from '../test-fixtures';
import MyGradeHistoryRoute from './my-grade-history';

const fetchMock = vi.fn<typeof fetch>();
const seen: URL[] = [];
beforeEach(() => {
  seen.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input) => {
    const url = new URL(urlOf(input), 'http://localhost');
    seen.push(url);
    if (url.pathname !== '/api/en/lms/my-grade-history')
      return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
    if (url.searchParams.get('before') === '20')
      return Promise.resolve(
        jsonResponse(historyPage([entry({ id: 5, item: { id: 1, title: 'First essay' } })])),
      );
    return Promise.resolve(
      jsonResponse(
        historyPage(
          [
            // As the server gives it a learner: the draft's values left out, no impersonator.
            entry({
              id: 21,
              action: 'unpublish',
              requestId: 4,
              reason: 'Published by mistake',
              old: { points: 8, outcome: 'graded', published: true },
              new: { points: null, outcome: null, published: false },
            }),
            entry({
              id: 20,
              action: 'auto',
              actor: null,
              item: { id: 2, title: 'Quiz 1' },
              old: { points: null, outcome: null, published: null },
              new: { points: 4, outcome: 'graded', published: true },
            }),
          ],
          20,
        ),
      ),
    );
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the learner’s own grade history', () => {
  it('shows the published changes in words, hides drafts, and pages on', async () => {
    renderWithProviders(<MyGradeHistoryRoute />, { route: '/en/track/grade-history' });
    expect(
      await screen.findByRole('heading', { name: 'History of my grades' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Grade changes' });
    const unpublished = within(table).getByText('Unpublished on request #4').closest('tr');
    expect(unpublished).not.toBeNull();
    const row = within(unpublished as HTMLElement);
    expect(row.getByText(line('8 / 10 → Not published'))).toBeInTheDocument();
    expect(row.getByText('Published by mistake')).toBeInTheDocument();
    // A learner does not open requests: the staff's pages.
    expect(within(table).queryByRole('link')).toBeNull();
    expect(within(table).getByText('the system')).toBeInTheDocument();
    expect(within(table).getByText(line('— → 4 / 10'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my grades' })).toHaveAttribute(
      'href',
      '/en/track?tab=grades',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('First essay')).toBeInTheDocument();
    expect(seen.at(-1)?.searchParams.get('before')).toBe('20');
  });

  it('says so when nothing was published yet', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(historyPage([]))));
    renderWithProviders(<MyGradeHistoryRoute />, { route: '/en/track/grade-history' });
    expect(await screen.findByText('No published grade yet.')).toBeInTheDocument();
  });
});
