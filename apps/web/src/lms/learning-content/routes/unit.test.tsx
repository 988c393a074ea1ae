import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { UnitItem, UnitView } from '@lantern/contracts/learning-content';
import { BASE_DATA } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import UnitRoute from './unit';

const fetchMock = vi.fn<typeof fetch>();

const item = (id: number, title: string, done: boolean): UnitItem => ({
  id,
  kind: 'resource',
  title,
  body: '<p>Read this.</p>',
  isDraft: false,
  countsForProgress: true,
  done,
  resource: { format: 'text' },
  task: null,
});

const UNIT: UnitView = {
  unit: {
    id: 4,
    title: 'Money',
    summary: '',
    availability: 'open',
    opensAt: null,
    status: 'published',
  },
  course: { id: 3, code: 'BUS101', title: 'Business basics' },
  programme: {
    id: 2,
    code: '101',
    title: 'Business',
    type: 'professional',
    status: 'running',
    startDate: '2026-01-10',
    endDate: '2026-06-30',
  },
  isLearner: true,
  isPreview: false,
  maySubmit: true,
  items: [item(11, 'Income and expenses', true), item(12, 'A budget of your own', false)],
  previousUnitId: null,
  nextUnitId: null,
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the unit reader', () => {
  it('names each item pill by its number and title, and says a done one is done', async () => {
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url.startsWith('/api/general/current-user/'))
        return Promise.resolve(jsonResponse(BASE_DATA));
      if (url.startsWith('/api/en/lms/unit/4')) return Promise.resolve(jsonResponse(UNIT));
      return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
    });
    renderWithProviders(
      <Routes>
        <Route path="/en/unit/:unitId/:itemId?" element={<UnitRoute />} />
      </Routes>,
      { route: '/en/unit/4/12' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Items of this unit' });
    const first = within(nav).getByRole('link', { name: '1. Income and expenses, done' });
    expect(first).toHaveAttribute('href', '/en/unit/4/11');
    expect(first).toHaveTextContent('1. Income and expenses');
    const second = within(nav).getByRole('link', { name: '2. A budget of your own' });
    expect(second).toHaveAttribute('aria-current', 'page');
  });
});
