import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { AskResultChange } from './ask-result-change';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const RESULT = {
  courseId: 11,
  courseCode: 'BUS101',
  studentId: 501,
  studentName: 'Amina Sol',
  score: 72,
  version: 2,
};

const REQUEST = {
  id: 14,
  kind: 'grade_change',
  subject: 'course_result',
  state: 'open',
  course: { id: 11, code: 'BUS101', title: 'Management' },
  item: null,
  student: { id: 501, firstName: 'Amina', lastName: 'Sol' },
  class: null,
  gradeVersion: 2,
  from: { points: 72, outcome: null },
  to: { points: 78, outcome: null, comment: null },
  maxPoints: 100,
  reason: 'The essay was marked twice',
  requestedBy: { id: 9, name: 'Ana Ruiz' },
  requestedAt: '2027-03-03T14:02:00Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  version: 1,
  mayDecide: false,
  mayWithdraw: true,
};

describe('AskResultChange', () => {
  it('says what is missing before asking anything', async () => {
    renderWithProviders(<AskResultChange result={RESULT} scaleMax={100} onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the change' }));
    expect(screen.getByText('Enter a score other than the current one.')).toBeInTheDocument();
    expect(screen.getByText('Say why this grade should change.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the new score with the version it saw, then links to the open request', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(REQUEST, 201));
    renderWithProviders(<AskResultChange result={RESULT} scaleMax={100} onClose={vi.fn()} />);
    const points = screen.getByRole('textbox', { name: /New result/ });
    await userEvent.clear(points);
    await userEvent.type(points, '78');
    await userEvent.type(
      screen.getByRole('textbox', { name: /Reason/ }),
      'The essay was marked twice',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the change' }));
    expect(await screen.findByRole('link', { name: 'Open request #14' })).toHaveAttribute(
      'href',
      '/en/learning/grade-request/14',
    );
    const call = fetchCall(fetchMock, 0);
    expect(call.url).toContain('/api/en/lms/grade-requests');
    expect(JSON.parse(call.init.body as string)).toEqual({
      kind: 'grade_change',
      subject: 'course_result',
      courseId: 11,
      studentId: 501,
      gradeVersion: 2,
      toPoints: 78,
      reason: 'The essay was marked twice',
    });
  });

  it('shows the sentence of a refusal', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { code: 'CONFLICT', detail: 'There is already an open request for this grade (#12).' },
        409,
      ),
    );
    renderWithProviders(<AskResultChange result={RESULT} scaleMax={100} onClose={vi.fn()} />);
    const points = screen.getByRole('textbox', { name: /New result/ });
    await userEvent.clear(points);
    await userEvent.type(points, '80');
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Re-marked');
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the change' }));
    expect(
      await screen.findByText('There is already an open request for this grade (#12).'),
    ).toBeInTheDocument();
  });
});
