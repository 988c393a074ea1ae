import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubmissionView } from '@lantern/contracts/teaching';
import { fetchCall, jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { page, REQUEST } from '../test-fixtures';
import { GradeRequestPanel } from './grade-request-panel';

const holder = vi.hoisted(() => ({ rights: [] as string[] }));
vi.mock('../../../lib/base-data', () => ({
  useCurrentUser: () => ({ applicationRights: holder.rights, applicationRoles: [] }),
}));

const GRADE: NonNullable<SubmissionView['grade']> = {
  outcome: 'graded',
  points: 7,
  comment: 'Good structure.',
  rubricScores: null,
  isPublished: true,
  maxPoints: 10,
  submissionId: 71,
  gradedBy: 'Ana Ruiz',
  gradedAt: '2027-03-01T10:00:00.000Z',
  publishedAt: '2027-03-01T10:00:00.000Z',
  version: 3,
};

const VIEW = {
  task: { id: 9, courseId: 3, maxPoints: 10 },
  student: { id: 10010 },
  mayGrade: true,
  grade: GRADE,
} as unknown as SubmissionView; // Only the fields the panel reads.

const fetchMock = vi.fn<typeof fetch>();
let openRows = [] as (typeof REQUEST)[];
let createAnswer: Response;

beforeEach(() => {
  holder.rights = ['GRADE_CHANGE_REQUEST__CREATE', 'GRADE_CHANGE_REQUEST__DISPLAY'];
  openRows = [];
  createAnswer = jsonResponse({ ...REQUEST, id: 31 });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (url.startsWith('/api/en/lms/grade-requests?'))
      return Promise.resolve(jsonResponse(page(openRows)));
    if (url === '/api/en/lms/grade-requests' && init?.method === 'POST')
      return Promise.resolve(createAnswer);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const posts = () =>
  fetchMock.mock.calls
    .map((_, i) => fetchCall(fetchMock, i))
    .filter((c) => c.init.method === 'POST')
    .map((c) => JSON.parse(c.init.body as string) as Record<string, unknown>);

describe('GradeRequestPanel', () => {
  it('reads the open requests of the course and shows the one on this grade, with a link', async () => {
    openRows = [{ ...REQUEST, id: 40, student: { ...REQUEST.student, id: 999 } }, REQUEST];
    renderWithProviders(<GradeRequestPanel view={VIEW} />);
    expect(await screen.findByText(/^Undo requested by Ana Ruiz on .* — open$/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open request #12' })).toHaveAttribute(
      'href',
      '/en/learning/grade-request/12',
    );
    expect(screen.queryByRole('button', { name: 'Ask to undo publishing' })).toBeNull();
    const url = fetchCall(fetchMock, 0).url;
    expect(url).toContain('courseId=3');
    expect(url).toContain('state=open');
  });

  it('asks to undo publishing: the reason is required, then sent with the grade’s version', async () => {
    renderWithProviders(<GradeRequestPanel view={VIEW} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ask to undo publishing' }));
    const form = await screen.findByRole('form', { name: 'Ask to undo publishing' });
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));
    expect(await within(form).findByText('Say why this grade should change.')).toBeVisible();
    expect(posts()).toEqual([]);
    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Wrong student.');
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));
    await waitFor(() => {
      expect(posts()).toEqual([
        {
          kind: 'undo_publish',
          subject: 'task',
          itemId: 9,
          courseId: 3,
          studentId: 10010,
          gradeVersion: 3,
          reason: 'Wrong student.',
        },
      ]);
    });
  });

  it('shows the server’s refusal above the buttons as it comes', async () => {
    createAnswer = jsonResponse(
      { detail: 'There is already an open request for this grade (#12).' },
      409,
    );
    renderWithProviders(<GradeRequestPanel view={VIEW} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ask to undo publishing' }));
    const form = await screen.findByRole('form', { name: 'Ask to undo publishing' });
    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Wrong student.');
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'There is already an open request for this grade (#12).',
    );
  });

  it('asks for a change: new points are required, and a field the server refuses says why', async () => {
    createAnswer = jsonResponse(
      { detail: 'Check the fields.', fields: { toComment: 'At most 10,000 characters' } },
      400,
    );
    renderWithProviders(<GradeRequestPanel view={VIEW} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ask for a change' }));
    const form = await screen.findByRole('form', { name: 'Ask for a change' });
    const points = within(form).getByRole('textbox', { name: /New points/ });
    expect(points).toHaveValue('7');
    await user.clear(points);
    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Recounted.');
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));
    expect(await within(form).findByText('Enter the new points.')).toBeVisible();
    expect(posts()).toEqual([]);
    await user.type(points, '11');
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));
    expect(await within(form).findByText('At most 10 points.')).toBeVisible();
    await user.clear(points);
    await user.type(points, '9');
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));
    expect(await within(form).findByText('At most 10,000 characters')).toBeVisible();
    expect(posts()).toEqual([
      expect.objectContaining({
        kind: 'grade_change',
        toPoints: 9,
        toOutcome: 'graded',
        toComment: 'Good structure.',
        reason: 'Recounted.',
      }),
    ]);
    // A field error is not repeated as a form-level refusal.
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('offers nothing to ask without GRADE_CHANGE_REQUEST__CREATE, nor on a draft', async () => {
    holder.rights = ['GRADE_CHANGE_REQUEST__DISPLAY'];
    const { unmount } = renderWithProviders(<GradeRequestPanel view={VIEW} />);
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    expect(screen.queryByRole('button', { name: 'Ask to undo publishing' })).toBeNull();
    unmount();
    holder.rights = ['GRADE_CHANGE_REQUEST__CREATE', 'GRADE_CHANGE_REQUEST__DISPLAY'];
    fetchMock.mockClear();
    renderWithProviders(
      <GradeRequestPanel view={{ ...VIEW, grade: { ...GRADE, isPublished: false } }} />,
    );
    expect(screen.queryByRole('button', { name: 'Ask for a change' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
