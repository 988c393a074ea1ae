import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type {
  ReportMatch,
  SimilarityMatchDetail,
  SimilarityReport,
} from '@lantern/contracts/similarity';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import SimilarityReportPage from './report';

const text = 'The river carries the soil to the sea and the delta grows each year.';

const match = (over: Partial<ReportMatch>): ReportMatch => ({
  otherSubmissionId: 2,
  score: 100,
  otherScore: 100,
  longestWords: 14,
  passageCount: 1,
  firstHandedIn: 'other',
  other: { studentId: 11, name: 'Amina Yusuf', submittedAt: '2026-11-30T09:00:00.000Z' },
  ...over,
});

const REPORT: SimilarityReport = {
  check: {
    id: 1,
    status: 'done',
    provider: 'local',
    score: 100,
    flagged: true,
    words: 14,
    error: null,
    reportUrl: null,
    tries: 1,
    queuedAt: '2026-11-30T10:00:00.000Z',
    finishedAt: '2026-11-30T10:01:00.000Z',
  },
  submission: {
    id: 5,
    attempt: 1,
    submittedAt: '2026-11-30T10:00:00.000Z',
    student: { id: 10, name: 'Samuel Deng' },
    item: { id: 3, title: 'Rivers' },
    course: { id: 4, code: 'GEO101' },
  },
  parts: [{ part: 0, source: 'text', name: null, text }],
  matches: [
    match({}),
    match({ otherSubmissionId: 3, firstHandedIn: 'this', other: null }),
    match({ otherSubmissionId: 4, firstHandedIn: null, other: null }),
  ],
};

const DETAIL: SimilarityMatchDetail = {
  otherSubmissionId: 2,
  passages: [[0, 0, 20, 0, 0, 20]],
  otherParts: [{ part: 0, source: 'text', name: null, text }],
  otherExcerpts: [],
  other: REPORT.matches[0]?.other ?? null,
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) =>
    Promise.resolve(jsonResponse(urlOf(input).includes('/similarity/match/') ? DETAIL : REPORT)),
  );
});

describe('the similarity report', () => {
  it('says of each matching work whether it was handed in before or after this one', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/en/similarity/:submissionId" element={<SimilarityReportPage />} />
      </Routes>,
      { route: '/en/similarity/5' },
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Handed in' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    // Both copies score 100 %: the order tells the original.
    expect(within(rows[0] as HTMLElement).getByText('Handed in first')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Handed in later')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('—')).toBeInTheDocument();
  });
});
