import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StudentProgramme } from '@lantern/contracts/programme';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { StudentProgrammes } from './student-programmes';

const fetchMock = vi.fn<typeof fetch>();

const RUNNING: StudentProgramme = {
  enrolmentId: 31,
  programme: {
    id: 7,
    code: '236',
    title: 'Business Administration',
    type: 'professional',
    status: 'running',
    startDate: '2026-01-01',
    endDate: '2026-06-30',
  },
  state: 'active',
  clc: { id: 1, code: 'KAK' },
  class: { id: 11, name: 'KAK-1' },
  reason: null,
  onBreak: { id: 5, startsOn: '2026-03-01', endsOn: '2026-04-30', reason: null, current: true },
  breaks: [
    { id: 4, startsOn: '2026-01-10', endsOn: '2026-01-20', reason: 'Exams', current: false },
    { id: 5, startsOn: '2026-03-01', endsOn: '2026-04-30', reason: null, current: true },
  ],
  history: [
    {
      id: 11,
      at: '2026-03-02T10:00:00Z',
      action: 'enrolment.moved',
      actor: { id: 1, name: 'John Deng' },
      impersonator: null,
      changes: { from: 3, to: null },
    },
    {
      id: 10,
      at: '2026-03-01T10:00:00Z',
      action: 'break.added',
      actor: { id: 1, name: 'John Deng' },
      impersonator: null,
      changes: { studyBreak: { from: null, to: '2026-03-01 to 2026-04-30' }, breakId: 5 },
    },
    {
      id: 9,
      at: '2026-02-01T10:00:00Z',
      action: 'accept',
      actor: { id: 1, name: 'John Deng' },
      impersonator: null,
      changes: { state: { from: 'applied', to: 'active' }, reason: 'Strong application' },
    },
  ],
  version: 2,
  updatedAt: '2026-02-01T10:00:00Z',
};

const FINISHED: StudentProgramme = {
  ...RUNNING,
  enrolmentId: 32,
  programme: { ...RUNNING.programme, id: 8, code: '214', status: 'finished', title: 'Health' },
  state: 'completed',
  class: null,
  onBreak: null,
  breaks: [],
  history: [],
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      urlOf(input) === '/api/en/student/501/programmes'
        ? jsonResponse([RUNNING, FINISHED])
        : jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StudentProgrammes', () => {
  it('lists each programme with the state (completed as Passed), class, CLC, breaks and history', async () => {
    renderWithProviders(<StudentProgrammes studentId={501} canOpenProgrammes />);
    const running = await screen.findByRole('article', { name: '236 Business Administration' });
    expect(
      within(running).getByRole('link', { name: '236 Business Administration' }),
    ).toHaveAttribute('href', '/en/programme/professional-certificate/7/overview');
    expect(running).toHaveTextContent('Active · on break until 30 Apr 2026');
    expect(running).toHaveTextContent('KAK-1');
    expect(within(running).getByText('Now')).toBeInTheDocument();
    expect(running).toHaveTextContent('10 Jan 2026 to 20 Jan 2026 · Exams');
    const history = within(running).getByRole('list', {
      name: 'History in 236 Business Administration',
    });
    expect(history).toHaveTextContent('John Deng');
    expect(history).toHaveTextContent(
      'Accept · State: applied → active; Reason: Strong application',
    );

    const finished = screen.getByRole('article', { name: '214 Health' });
    expect(finished).toHaveTextContent('Passed');
    expect(finished).toHaveTextContent('Programme finished');
    expect(within(finished).getByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it('names the programmes without a link for a user who may not open them', async () => {
    renderWithProviders(<StudentProgrammes studentId={501} canOpenProgrammes={false} />);
    await screen.findByRole('article', { name: '236 Business Administration' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
