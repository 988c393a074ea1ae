import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { WbtAttemptDetail } from '@lantern/contracts/wbt';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { WbtAttemptView } from './wbt-attempt-view';

const fetchMock = vi.fn<typeof fetch>();

const detail: WbtAttemptDetail = {
  attempt: {
    id: 70,
    attempt: 1,
    completion: 'completed',
    success: 'failed',
    scoreScaled: 0.5,
    totalSeconds: 300,
    submissionId: 880,
    startedAt: '2026-03-01T10:00:00.000Z',
    completedAt: '2026-03-01T10:05:00.000Z',
    lastCommitAt: '2026-03-01T10:05:00.000Z',
  },
  itemId: 9,
  studentId: 15,
  scos: [{ index: 0, title: 'Quiz', completion: 'completed', success: 'failed', scoreScaled: 0.5 }],
  interactions: [
    {
      sco: 0,
      index: 0,
      id: 'Scene1_Slide3_MultiChoice_0_0',
      type: 'choice',
      description: 'Which exit is nearest to the kitchen?',
      response: 'east_door',
      correctPattern: 'west_door',
      result: 'incorrect',
    },
    {
      sco: 0,
      index: 1,
      id: 'Q2',
      type: 'matching',
      description: null,
      response: 'a[.]1[,]b[.]2',
      correctPattern: 'a[.]1[,]b[.]2',
      result: 'correct',
    },
  ],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      urlOf(input).startsWith('/api/en/lms/submission/880/wbt-attempt')
        ? jsonResponse(detail)
        : jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the grade page’s training attempt', () => {
  it('shows each answer as recorded: the question, the response, the correct one and the result', async () => {
    renderWithProviders(<WbtAttemptView submissionId={880} />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    const cells = (i: number) =>
      within(rows[i] as HTMLElement)
        .getAllByRole(i === 0 ? 'columnheader' : 'cell')
        .map((c) => c.textContent);
    expect(cells(0)).toEqual(['Question', 'Answer', 'Correct answer', 'Outcome']);
    expect(cells(1)).toEqual([
      'Which exit is nearest to the kitchen?Scene1_Slide3_MultiChoice_0_0',
      'east_door',
      'west_door',
      'Incorrect',
    ]);
    // Without a description the question is named by its place; pairs read as pairs.
    expect(cells(2)).toEqual(['Question 2Q2', 'a → 1, b → 2', 'a → 1, b → 2', 'Correct']);
  });
});
