import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { MyQuiz } from '@lantern/contracts/quiz';
import { BASE_DATA } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import QuizRoute from './quiz';

const fetchMock = vi.fn<typeof fetch>();

const QUIZ: MyQuiz = {
  item: {
    id: 21,
    title: 'Money quiz',
    body: '<p>Five questions.</p>',
    unitId: 4,
    courseId: 3,
    maxPoints: 10,
    questionCount: 5,
    navigation: 'free',
  },
  session: {
    id: 7,
    opensAt: null,
    closesAt: null,
    timeLimitMinutes: null,
    attemptsAllowed: null,
    gradingMethod: 'highest',
    review: { marks: 'immediately', answers: 'after_close' },
    allowedOffline: false,
    state: 'open',
  },
  attemptsUsed: 0,
  attemptsLeft: null,
  inProgress: null,
  attempts: [],
  grade: null,
  refusal: null,
  serverNow: '2026-03-01T10:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the quiz card', () => {
  it('leads back to the quiz in its unit', async () => {
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url.startsWith('/api/general/current-user/'))
        return Promise.resolve(jsonResponse(BASE_DATA));
      if (url.startsWith('/api/en/lms/quiz/21/my-quiz')) return Promise.resolve(jsonResponse(QUIZ));
      return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
    });
    renderWithProviders(
      <Routes>
        <Route path="/en/quiz/:itemId" element={<QuizRoute />} />
      </Routes>,
      { route: '/en/quiz/21' },
    );
    expect(await screen.findByRole('heading', { name: 'Money quiz' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Back to the unit/ })).toHaveAttribute(
      'href',
      '/en/unit/4/21',
    );
  });
});
