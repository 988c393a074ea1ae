import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { HomeConcentration, LmsHome } from '@lantern/contracts/learning-work';
import { BASE_DATA } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import LearningRoute from './learning';

const fetchMock = vi.fn<typeof fetch>();

const concentration = (over: Partial<HomeConcentration>): HomeConcentration => ({
  programme: {
    id: 2,
    code: '101',
    title: 'Business basics',
    type: 'professional',
    startDate: '2026-01-10',
    endDate: '2026-06-30',
  },
  firstCourseId: null,
  isFinished: false,
  certificateCode: null,
  itemsDone: 0,
  itemsTotal: 0,
  tasksSubmitted: 0,
  tasksTotal: 0,
  ...over,
});

const home = (concentrations: HomeConcentration[]): LmsHome => ({
  isLearner: true,
  concentrations,
  due: [],
  grades: [],
  announcements: [],
  studyBreakUntil: null,
  classes: [],
  classesTotal: 0,
  authoring: [],
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(body: LmsHome) {
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/general/current-user/'))
      return Promise.resolve(jsonResponse(BASE_DATA));
    if (url.startsWith('/api/en/lms/home')) return Promise.resolve(jsonResponse(body));
    return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
  });
  renderWithProviders(<LearningRoute />, { route: '/en/learning' });
}

describe("the learner's programme cards", () => {
  it('a finished programme says so and links to the certificate, not "nothing to do"', async () => {
    open(home([concentration({ isFinished: true, certificateCode: 'AB12-CD34' })]));
    const card = (await screen.findByRole('link', { name: 'Business basics' })).closest(
      '.mantine-Card-root',
    );
    if (!(card instanceof HTMLElement)) throw new Error('The programme has no card.');
    expect(within(card).getByText('This programme is finished.')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Your certificate' })).toHaveAttribute(
      'href',
      '/en/certificate-verification/AB12-CD34',
    );
    expect(within(card).queryByText('Nothing published to do yet')).toBeNull();
  });

  it('a finished programme without a certificate offers no link; a running one its progress', async () => {
    open(
      home([
        concentration({ isFinished: true }),
        concentration({
          programme: { ...concentration({}).programme, id: 3, title: 'Running one' },
          itemsDone: 1,
          itemsTotal: 4,
        }),
      ]),
    );
    expect(await screen.findByText('This programme is finished.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Your certificate' })).toBeNull();
    expect(screen.getByText('1 of 4 done')).toBeVisible();
  });
});

describe('the learner’s due list', () => {
  it('shows a training with an attempt under way as in progress, as its own page does', async () => {
    const body: LmsHome = {
      ...home([]),
      due: [
        {
          itemId: 21,
          kind: 'wbt',
          title: 'Safety training',
          course: { id: 3, title: 'Business basics' },
          dueAt: '2026-12-07T10:00:00.000Z',
          state: 'not_started',
        },
      ],
    };
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url.startsWith('/api/general/current-user/'))
        return Promise.resolve(jsonResponse(BASE_DATA));
      if (url.startsWith('/api/en/lms/home')) return Promise.resolve(jsonResponse(body));
      if (url === '/api/en/lms/wbt/21/my-attempts')
        return Promise.resolve(
          jsonResponse({
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
                lastCommitAt: null,
              },
            ],
            maxAttempts: null,
            mayStartAgain: false,
            standard: 'scorm12',
            title: 'Safety training',
            display: { mode: 'embedded', heightPx: 720 },
            parts: [],
          }),
        );
      return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
    });
    renderWithProviders(<LearningRoute />, { route: '/en/learning' });
    expect(await screen.findByText('In progress')).toBeVisible();
    expect(screen.queryByText('Not started')).toBeNull();
  });
});
