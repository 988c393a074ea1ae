import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FollowUp } from '@lantern/contracts/dropout';
import { fetchCall, jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import DropoutFollowUpsRoute from './dropout-follow-ups';

const followUp = (patch: Partial<FollowUp>): FollowUp => ({
  id: 5,
  flagId: 12,
  assigneeRole: 'coordinator',
  kind: null,
  status: 'open',
  outcome: null,
  doneBy: null,
  doneAt: null,
  student: 'Maria Alvarez',
  programme: 'BUS · Business basics',
  programmeId: 236,
  programmeType: 'professional',
  className: 'K1',
  criterion: 'missed_tasks',
  flagStatus: 'at_risk',
  evidence: {
    counted: [1, 2],
    excluded: [{ itemId: 3, why: 'zero_point' }],
    ratio: 1,
    threshold: 0.4,
    dataAsOf: '2027-03-03T02:17:00.000Z',
    lastSyncAt: null,
  },
  firstFlaggedAt: '2027-03-03T02:17:00.000Z',
  clearedAt: null,
  version: 1,
  ...patch,
});

const TASKS = [
  { id: 1, title: 'Essay', course: 'BUS101 · Basics', maxPoints: 10, dueAt: null },
  { id: 2, title: 'Poster', course: 'BUS101 · Basics', maxPoints: 10, dueAt: null },
  { id: 3, title: 'Warm-up', course: 'BUS101 · Basics', maxPoints: 10, dueAt: null },
];

const list = (followUps: FollowUp[], counts = { open: 1, done: 1 }) =>
  jsonResponse({ followUps, tasks: TASKS, counts, total: followUps.length, page: 1, pageSize: 50 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Follow-ups page', () => {
  it('lists the open follow-ups; a row opens its evidence and the form to record the outcome', async () => {
    fetchMock.mockImplementation((input, init) => {
      const url = urlOf(input);
      if (url.includes('/api/en/dropout-follow-up/5') && init?.method === 'PUT')
        return Promise.resolve(
          jsonResponse(
            followUp({ status: 'done', kind: 'call', outcome: 'She will catch up.', version: 2 }),
          ),
        );
      if (url.includes('/api/en/dropout-follow-ups')) return Promise.resolve(list([followUp({})]));
      return Promise.resolve(jsonResponse({}, 404));
    });
    renderWithProviders(<DropoutFollowUpsRoute />, { route: '/en/dropout-follow-ups' });
    const table = await screen.findByRole('table', { name: 'Open follow-ups' });
    expect(await within(table).findByText('Maria Alvarez')).toBeInTheDocument();
    const tab = screen.getByRole('tab', { name: 'Open (1)' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    // The tab controls a panel that is there (axe: aria-valid-attr-value), the table's.
    expect(document.getElementById(tab.getAttribute('aria-controls') ?? '')).toContainElement(
      table,
    );
    expect(screen.getByRole('tab', { name: 'Done (1)' })).toBeInTheDocument();
    expect(within(table).getByText('Missed graded tasks due so far')).toBeInTheDocument();

    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(within(table).getByText('Maria Alvarez'));
    expect(await screen.findByRole('heading', { name: 'Maria Alvarez' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => urlOf(input))).toContainEqual(
      expect.stringContaining('flagId=12'),
    );
    expect(screen.getByText(/Missed 2 of 2 graded tasks due so far \(100 %\)/)).toBeInTheDocument();
    expect(screen.getByText(/Warm-up/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record outcome' }));
    expect(await screen.findByText('Write what came of it.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Outcome/ }), 'She will catch up.');
    await user.click(screen.getByRole('button', { name: 'Record outcome' }));
    await waitFor(() => {
      const put = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'PUT');
      expect(put).toBeGreaterThanOrEqual(0);
      const { url, init } = fetchCall(fetchMock, put);
      expect(url).toContain('/api/en/dropout-follow-up/5');
      expect(JSON.parse(init.body as string)).toEqual({
        kind: 'call',
        outcome: 'She will catch up.',
        version: 1,
      });
    });
  });

  it('asks the server for the search, filter, sort and page of the address, and keeps them on the way back', async () => {
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url.includes('/api/en/dropout-follow-ups')) return Promise.resolve(list([followUp({})]));
      return Promise.resolve(jsonResponse({}, 404));
    });
    renderWithProviders(<DropoutFollowUpsRoute />, {
      route:
        '/en/dropout-follow-ups?q=maria&criterion=missed_tasks&status=done&sort=name&dir=desc&page=2&limit=50',
    });
    await screen.findByRole('table', { name: 'Done follow-ups' });
    const asked = new URL(urlOf(fetchMock.mock.calls[0]?.[0]), 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      q: 'maria',
      criterion: 'missed_tasks',
      status: 'done',
      sort: 'name',
      dir: 'desc',
      page: '2',
      limit: '50',
    });
    expect(await screen.findByRole('tab', { name: 'Done (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('maria');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByText('Maria Alvarez'));
    const back = await screen.findByRole('link', { name: '← All follow-ups' });
    const href = new URL(back.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/en/dropout-follow-ups');
    expect(href.searchParams.get('q')).toBe('maria');
    expect(href.searchParams.get('page')).toBe('2');
    expect(href.searchParams.get('flag')).toBeNull();
  });

  it('opens one flag’s follow-up from a notification’s link, with what was recorded', async () => {
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url.includes('/api/en/dropout-follow-ups'))
        return Promise.resolve(
          url.includes('flagId=12')
            ? list([
                followUp({
                  status: 'done',
                  kind: 'visit',
                  outcome: 'Visited; back on track.',
                  doneBy: 'Ana Ruiz',
                  doneAt: '2027-03-04T10:00:00.000Z',
                }),
              ])
            : list([]),
        );
      return Promise.resolve(jsonResponse({}, 404));
    });
    renderWithProviders(<DropoutFollowUpsRoute />, { route: '/en/dropout-follow-ups?flag=12' });
    expect(await screen.findByText(/Visited; back on track\./)).toBeInTheDocument();
    expect(screen.getByText(/by Ana Ruiz/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All follow-ups' })).toHaveAttribute(
      'href',
      '/en/dropout-follow-ups',
    );
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record outcome' })).not.toBeInTheDocument();
  });
});
