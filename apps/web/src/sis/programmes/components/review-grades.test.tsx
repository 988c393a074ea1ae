import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Programme } from '@lantern/contracts/programme';
import type { ProgrammeResults } from '@lantern/contracts/results';
import { storeTokens } from '../../../lib/storage';
import { BASE_DATA } from '../../../test/fixtures';
import { fetchCall, jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { ReviewGrades } from './review-grades';

const fetchMock = vi.fn<typeof fetch>();

/** A JSON request's body as sent. */
const bodyText = (init: RequestInit | undefined) =>
  typeof init?.body === 'string' ? init.body : '';

const PROGRAMME: Programme = {
  id: 7,
  type: 'professional',
  code: '236',
  internalName: 'BUS 2026',
  title: 'Business Administration',
  startDate: '2026-01-01',
  endDate: '2026-06-30',
  status: 'running',
  gradingSchema: { id: 1, name: 'Percent' },
  certifyingUniversity: 'Regis University',
  certificateText: 'has completed',
  clcs: [{ id: 1, code: 'KAK', name: 'Kakuma' }],
  courses: [],
  enrolments: { applied: 0, active: 2, declined: 0, withdrawn: 0, completed: 0, failed: 0 },
  onBreak: 0,
  certificates: 0,
  version: 3,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const RESULTS: ProgrammeResults = {
  courses: [
    { id: 11, code: 'BUS101', title: 'Management', units: 4 },
    { id: 12, code: 'BUS102', title: 'Finance', units: 3 },
  ],
  gradingSchema: { id: 1, name: 'Percent', scaleMax: 100, passMark: 60, bands: [] },
  students: [
    {
      enrolmentId: 31,
      studentId: 501,
      firstName: 'Amina',
      lastName: 'Sol',
      clc: 'KAK',
      state: 'active',
      onBreak: false,
      scores: { '11': 70, '12': 80 },
      average: 74.29,
      band: 'Merit',
      outcome: 'pass',
    },
    {
      enrolmentId: 32,
      studentId: 502,
      firstName: 'Daniel',
      lastName: 'Sol',
      clc: 'KAK',
      state: 'active',
      onBreak: true,
      scores: { '11': 50 },
      average: 50,
      band: null,
      outcome: 'incomplete',
    },
  ],
};

beforeEach(() => {
  storeTokens('token', 'refresh');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The base data of a reviewer; every other call answers from `answer`. */
function serve(answer: (url: string, init: RequestInit) => Response) {
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (url.startsWith('/api/general/current-user/'))
      return Promise.resolve(
        jsonResponse({
          ...BASE_DATA,
          user: {
            ...BASE_DATA.user,
            applicationRights: ['PROGRAMME__REVIEW_GRADES', 'STUDENT__DISPLAY'],
          },
        }),
      );
    return Promise.resolve(answer(url, init ?? {}));
  });
}

const callsTo = (path: string) =>
  fetchMock.mock.calls
    .map((_call, i) => fetchCall(fetchMock, i))
    .filter((call) => call.url.startsWith(path) && call.init.method !== undefined);

describe('ReviewGrades', () => {
  it('saves every changed cell at once and puts the server’s field errors by their cells', async () => {
    serve((url, init) =>
      url.startsWith('/api/en/programme/professional-certificate/7/results') &&
      init.method === 'PUT'
        ? jsonResponse(
            {
              detail: 'At most 100',
              code: 'VALIDATION',
              fields: { 'entries.1.score': 'At most 100' },
            },
            400,
          )
        : jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404),
    );
    renderWithProviders(<ReviewGrades programme={PROGRAMME} results={RESULTS} />);
    const user = userEvent.setup();

    const amina = await screen.findByRole('textbox', { name: 'BUS102 score of Amina Sol' });
    const daniel = screen.getByRole('textbox', { name: 'BUS102 score of Daniel Sol' });
    expect(amina).toHaveValue('80');
    await user.clear(amina);
    await user.type(amina, '85');
    await user.type(daniel, '64');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save results' }));
    const [put] = callsTo('/api/en/programme/professional-certificate/7/results');
    expect(put?.init.method).toBe('PUT');
    expect(JSON.parse(bodyText(put?.init))).toEqual({
      entries: [
        { enrolmentId: 31, courseId: 12, score: 85 },
        { enrolmentId: 32, courseId: 12, score: 64 },
      ],
    });
    // entries.1 is Daniel's BUS102: the message stands by that cell, not by Amina's.
    expect(await screen.findByText('At most 100')).toBeInTheDocument();
    expect(daniel).toHaveAccessibleDescription('At most 100');
    expect(amina).not.toHaveAccessibleDescription();

    // Typing in the cell again clears its server message.
    await user.clear(daniel);
    await user.type(daniel, '65');
    expect(daniel).not.toHaveAccessibleDescription();
  });

  it('holds back a cell that is no number and says so by it, without calling the server', async () => {
    serve(() => jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
    renderWithProviders(<ReviewGrades programme={PROGRAMME} results={RESULTS} />);
    const user = userEvent.setup();
    const cell = await screen.findByRole('textbox', { name: 'BUS101 score of Daniel Sol' });
    await user.clear(cell);
    await user.type(cell, 'abc');
    expect(cell).toHaveAccessibleDescription('Must be a number');
    expect(screen.getByRole('button', { name: 'Save results' })).toBeDisabled();
    expect(callsTo('/api/en/programme/professional-certificate/7/results')).toEqual([]);
  });

  it('finalizes all proposed passes after confirming, and shows who was refused and why', async () => {
    serve((url) =>
      url === '/api/en/programme/professional-certificate/7/students/actions/finalize'
        ? jsonResponse({ done: [], refused: [{ enrolmentId: 31, reason: 'Results missing.' }] })
        : jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404),
    );
    renderWithProviders(<ReviewGrades programme={PROGRAMME} results={RESULTS} />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Finalize all proposed passes (1)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Finalize all proposed passes' });
    expect(within(dialog).getByText(/1 active student has a passing score/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Finalize 1' }));

    const [post] = callsTo(
      '/api/en/programme/professional-certificate/7/students/actions/finalize',
    );
    expect(JSON.parse(bodyText(post?.init))).toEqual({
      action: 'finalize',
      enrolmentIds: [31],
    });
    const result = await screen.findByRole('status', { name: /Finalize \(pass\): 0 done/ });
    expect(within(result).getByText('Sol, Amina (501)')).toBeInTheDocument();
    expect(result).toHaveTextContent('Results missing.');
  });

  it('filters by proposed outcome', async () => {
    serve(() => jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
    renderWithProviders(<ReviewGrades programme={PROGRAMME} results={RESULTS} />);
    // The dropdown's opening transition never ends in jsdom: its options stay hidden there.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const grid = await screen.findByRole('table', { name: 'Course results' });
    expect(within(grid).getAllByRole('row')).toHaveLength(3);
    await user.click(screen.getByRole('textbox', { name: 'Proposed outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Results missing', hidden: true }));
    expect(within(grid).getAllByRole('row')).toHaveLength(2);
    expect(within(grid).getByText('Sol, Daniel')).toBeInTheDocument();
  });

  it('offers the results import while the programme runs, not once it is finished', async () => {
    serve(() => jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
    const { rerender } = renderWithProviders(
      <ReviewGrades programme={PROGRAMME} results={RESULTS} />,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Import results' }));
    expect(await screen.findByRole('dialog', { name: 'Import results' })).toHaveTextContent(
      'BUS101, BUS102',
    );
    rerender(<ReviewGrades programme={{ ...PROGRAMME, status: 'finished' }} results={RESULTS} />);
    expect(screen.queryByRole('button', { name: 'Import results' })).not.toBeInTheDocument();
  });
});
