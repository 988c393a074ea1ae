import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Concentration, UnitItem, UnitView } from '@lantern/contracts/learning-content';
import type { WbtMyAttempts } from '@lantern/contracts/wbt';
import { BASE_DATA } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { matchMediaAt } from '../../../test/viewport';
import ConcentrationHomeRoute from './concentration-home';
import UnitOverviewRoute from './unit-overview';

const fetchMock = vi.fn<typeof fetch>();

const TRAINING: UnitItem = {
  id: 21,
  kind: 'wbt',
  title: 'Safety training',
  body: '',
  isDraft: false,
  countsForProgress: true,
  done: false,
  resource: null,
  task: {
    delivery: 'online',
    maxPoints: 10,
    dueAt: null,
    lateUntil: null,
    minWords: null,
    maxWords: null,
    accept: [],
    maxFiles: null,
    maxAttempts: null,
    answerRoute: 'unit_wbt',
    mine: { state: 'not_started', late: true, points: null },
  },
};

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
  items: [TRAINING],
  previousUnitId: null,
  nextUnitId: null,
};

const CONCENTRATION: Concentration = {
  programme: UNIT.programme,
  isLearner: true,
  courses: [],
  due: [
    {
      itemId: 21,
      title: 'Safety training',
      kind: 'wbt',
      courseId: 3,
      courseTitle: 'Business basics',
      unitId: 4,
      dueAt: '2026-12-07T10:00:00.000Z',
      late: false,
      maxPoints: 10,
      state: 'not_started',
    },
  ],
};

const ATTEMPTS: WbtMyAttempts = {
  attempts: [
    {
      id: 7,
      attempt: 1,
      completion: 'incomplete',
      success: 'unknown',
      scoreScaled: null,
      totalSeconds: 30,
      submissionId: null,
      startedAt: '2026-03-01T10:00:00.000Z',
      completedAt: null,
      lastCommitAt: '2026-03-01T10:00:30.000Z',
    },
  ],
  maxAttempts: null,
  mayStartAgain: false,
  standard: 'scorm12',
  title: 'Safety training',
  display: { mode: 'embedded', heightPx: 720 },
  parts: [],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/general/current-user/'))
      return Promise.resolve(jsonResponse(BASE_DATA));
    if (url.startsWith('/api/en/lms/unit/4')) return Promise.resolve(jsonResponse(UNIT));
    if (url.startsWith('/api/en/lms/concentration/2'))
      return Promise.resolve(jsonResponse(CONCENTRATION));
    if (url === '/api/en/lms/wbt/21/my-attempts') return Promise.resolve(jsonResponse(ATTEMPTS));
    return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const renderOverview = () =>
  renderWithProviders(
    <Routes>
      <Route path="/en/unit_overview/:unitId" element={<UnitOverviewRoute />} />
    </Routes>,
    { route: '/en/unit_overview/4' },
  );

describe('the unit overview', () => {
  it('shows a training with an attempt under way as in progress, as its own page does', async () => {
    window.matchMedia = matchMediaAt(1280);
    renderOverview();
    const row = (await screen.findByRole('link', { name: 'Safety training' })).closest('tr');
    expect(row).not.toBeNull();
    expect(await within(row as HTMLElement).findByText('In progress')).toBeVisible();
    expect(within(row as HTMLElement).queryByText('Not started')).toBeNull();
  });

  it('lists the items as cards on a phone, with no sideways table', async () => {
    window.matchMedia = matchMediaAt(390);
    renderOverview();
    const list = await screen.findByRole('list');
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('listitem');
    expect(within(card).getByRole('link', { name: 'Safety training' })).toBeVisible();
    expect(within(card).getByText('Web-based training')).toBeVisible();
    expect(within(card).getByText('Late')).toBeVisible();
    expect(within(card).getByText(/Points: 10/)).toBeVisible();
  });

  it('and so does the programme’s due list', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/en/concentration_home/:concentration" element={<ConcentrationHomeRoute />} />
      </Routes>,
      { route: '/en/concentration_home/2' },
    );
    const row = (await screen.findByRole('link', { name: 'Safety training' })).closest('tr');
    expect(await within(row as HTMLElement).findByText('In progress')).toBeVisible();
  });
});
