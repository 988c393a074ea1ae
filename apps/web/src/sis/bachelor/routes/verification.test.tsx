import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import type { BachelorSummary } from '@lantern/contracts/bachelor';
import type { TermVerification } from '@lantern/contracts/bachelor-verification';
import { fetchCall, jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import VerificationPage, { defaultTerm } from './verification';

const holder = vi.hoisted(() => ({ rights: [] as string[] }));
vi.mock('../../../lib/base-data', () => ({
  useCurrentUser: () => ({ applicationRights: holder.rights, applicationRoles: [] }),
}));

const term = (key: string, name: string, startDate: string) => ({
  id: key.length,
  key,
  year: Number(key.slice(0, 4)),
  season: key.slice(5) as 'sp' | 'su' | 'fa',
  name,
  startDate,
  weeks: 14,
});
const SUMMARY: BachelorSummary = {
  id: 512,
  code: '512',
  title: 'Bachelor of Liberal Studies',
  status: 'running',
  certifyingUniversity: null,
  gradingSchemaId: 2,
  courses: [],
  terms: [
    term('2026-sp', 'Spring 2026', '2026-02-01'),
    term('2026-fa', 'Fall 2026', '2026-09-01'),
    term('2099-sp', 'Spring 2099', '2099-02-01'),
  ],
};
const VERIFICATION: TermVerification = {
  termKey: '2026-fa',
  termName: 'Fall 2026',
  levels: [],
  sinceUni: {
    approvedAt: '2026-10-01T10:00:00.000Z',
    changes: [
      {
        studentCourseId: 5,
        student: 'Nadia Omar',
        courseCode: 'LIB130',
        change: 'changed',
        oldScore: 2.5,
        newScore: 3,
        oldVersion: 2,
        newVersion: 3,
      },
    ],
    changeCount: 1,
  },
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  holder.rights = ['BA_VERIFICATION__DISPLAY'];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/en/programme/bachelor/512/verification?'))
      return Promise.resolve(jsonResponse(VERIFICATION));
    if (url.startsWith('/api/en/programme/bachelor/512/verification/grades?'))
      return Promise.resolve(jsonResponse({ items: [], total: 0, page: 1, limit: 25 }));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the verification page', () => {
  it('opens on the latest term that has started', () => {
    expect(defaultTerm(SUMMARY.terms, new Date('2026-11-26'))).toBe('2026-fa');
    expect(defaultTerm(SUMMARY.terms, new Date('2020-01-01'))).toBe('2026-sp');
    expect(defaultTerm([])).toBeNull();
  });

  it('reads that term and shows what changed since the university’s last approval', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/en/programme/bachelor/:programme" element={<Outlet context={SUMMARY} />}>
          <Route path="verification" element={<VerificationPage />} />
        </Route>
      </Routes>,
      { route: '/en/programme/bachelor/512/verification' },
    );
    expect(await screen.findByText('Changed since the university’s last approval')).toBeVisible();
    expect(screen.getByText('2.5 → 3')).toBeVisible();
    await waitFor(() => {
      expect(fetchCall(fetchMock, 0).url).toContain('termKey=2026-fa');
    });
  });
});
