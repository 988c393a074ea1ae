import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router';
import type { BachelorSummary } from '@lantern/contracts/bachelor';
import type { DropoutItem } from '@lantern/contracts/dropout';
import { BASE_DATA } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import BachelorDropoutYear from './bachelor-dropout-year';
import BachelorDropoutTerm from './bachelor-dropout-term';

const SUMMARY: BachelorSummary = {
  id: 5,
  code: '512',
  title: 'Bachelor of Liberal Studies',
  status: 'running',
  certifyingUniversity: null,
  gradingSchemaId: null,
  courses: [],
  terms: [
    {
      id: 1,
      key: '2026-fa',
      year: 2026,
      season: 'fa',
      name: 'Fall 2026',
      startDate: '2026-09-01',
      weeks: 14,
    },
    {
      id: 2,
      key: '2026-sp',
      year: 2026,
      season: 'sp',
      name: 'Spring 2026',
      startDate: '2026-02-01',
      weeks: 14,
    },
    {
      id: 3,
      key: '2025-fa',
      year: 2025,
      season: 'fa',
      name: 'Fall 2025',
      startDate: '2025-09-01',
      weeks: 14,
    },
  ],
};

const item = (patch: Partial<DropoutItem>): DropoutItem => ({
  id: 1,
  programmeId: 5,
  termKey: '2026-fa',
  action: 'follow_up',
  criterion: 'inactive',
  percent: null,
  weeks: 2,
  ignoreZeroPointTasks: true,
  isActive: true,
  flagged: 3,
  version: 1,
  updatedAt: '2026-09-10T00:00:00.000Z',
  ...patch,
});

const fetchMock = vi.fn<typeof fetch>();
const urls: string[] = [];
let rights: string[] = ['DROPOUT_FLAGGING__DISPLAY'];
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  urls.length = 0;
  rights = ['DROPOUT_FLAGGING__DISPLAY'];
  localStorage.setItem('authCode', 'token');
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    urls.push(url);
    if (url.startsWith('/api/general/current-user/'))
      return Promise.resolve(
        jsonResponse({
          ...BASE_DATA,
          user: { ...BASE_DATA.user, applicationRights: rights },
        }),
      );
    if (url.startsWith('/api/en/programme/bachelor/5/classrooms?termKey=2026-fa'))
      return Promise.resolve(
        jsonResponse({
          offeringId: null,
          classrooms: [
            {
              id: 40,
              offeringId: 3,
              termKey: '2026-fa',
              courseId: 7,
              courseCode: 'LIB110',
              title: 'Academic writing',
              name: 'LIB110 2026-fa KAK A',
              clcId: 1,
              clc: 'Kakuma CLC',
              capacity: 12,
              students: 1,
              closedAt: null,
              staff: [],
              version: 1,
            },
          ],
        }),
      );
    if (url.includes('/flags'))
      return Promise.resolve(jsonResponse({ flags: [], total: 0, page: 1, pageSize: 50 }));
    if (url.startsWith('/api/en/dropout-flagging/bachelor/5'))
      return Promise.resolve(
        jsonResponse({
          programme: { id: 5, code: '512', title: 'Bachelor of Liberal Studies', type: 'bachelor' },
          items: [
            item({}),
            item({
              id: 2,
              termKey: '2026-sp',
              flagged: 1,
              criterion: 'missed_tasks',
              percent: 40,
              weeks: null,
            }),
          ],
          lastRun: null,
        }),
      );
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', detail: 'Not found' }, 404));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const open = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/en/programme/bachelor/:programme" element={<Outlet context={SUMMARY} />}>
        <Route path="dropout-flagging/:termYear?" element={<BachelorDropoutYear />} />
        <Route path="dropout-flagging/:termYear/term/:termKey" element={<BachelorDropoutTerm />} />
      </Route>
    </Routes>,
    { route },
  );

describe('bachelor dropout flagging', () => {
  it('lists the year’s terms in order with their items and flags', async () => {
    open('/en/programme/bachelor/5/dropout-flagging/2026');
    const spring = await screen.findByRole('link', { name: 'Spring 2026' });
    expect(spring.getAttribute('href')).toBe(
      '/en/programme/bachelor/5/dropout-flagging/2026/term/2026-sp',
    );
    await waitFor(() => {
      expect(
        screen
          .getAllByRole('row')
          .map((r) => r.textContent)
          .slice(1),
      ).toEqual([
        expect.stringMatching(/^Spring 2026.*11$/),
        expect.stringMatching(/^Fall 2026.*13$/),
      ]);
    });
    expect(screen.queryByText('Fall 2025')).toBeNull();
    // Start days as people read them, not as ISO dates.
    expect(screen.getByText('1 Feb 2026')).toBeTruthy();
    expect(screen.queryByText('2026-02-01')).toBeNull();
  });

  it('shows one term’s items and asks the flags of that term', async () => {
    open('/en/programme/bachelor/5/dropout-flagging/2026/term/2026-fa');
    expect(
      await screen.findByRole('heading', { name: 'Dropout flagging · Fall 2026' }),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'No submission and no progress' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /missed/i })).toBeNull();
    expect(urls.some((u) => u.includes('/flags') && u.includes('termKey=2026-fa'))).toBe(true);
  });

  it('filters a term’s flags by the term’s classrooms, never asking for professional classes', async () => {
    rights = ['DROPOUT_FLAGGING__DISPLAY', 'CLASSROOM__DISPLAY'];
    open('/en/programme/bachelor/5/dropout-flagging/2026/term/2026-fa');
    // The filter shows once the rights and then the classrooms have loaded.
    await userEvent.click(await screen.findByRole('textbox', { name: 'Class' }, { timeout: 5000 }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'LIB110 2026-fa KAK A', hidden: true }),
    );
    await waitFor(() => {
      expect(urls.some((u) => u.includes('/flags') && u.includes('classId=40'))).toBe(true);
    });
    expect(urls.some((u) => u.includes('/professional-certificate/'))).toBe(false);
  });

  it('says once that nobody is flagged', async () => {
    open('/en/programme/bachelor/5/dropout-flagging/2026/term/2026-fa');
    expect(await screen.findByText('No student is flagged now.')).toBeTruthy();
    expect(screen.queryByText(/students? flagged now/)).toBeNull();
  });
});
