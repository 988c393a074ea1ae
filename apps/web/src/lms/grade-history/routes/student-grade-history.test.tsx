import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { StudentGradesAsOf } from '@lantern/contracts/ledger';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { entry, historyPage, STUDENT } from '../test-fixtures';
import StudentGradeHistoryRoute from './student-grade-history';

const MATHS = { id: 42, code: 'MAT1', title: 'Maths' };
const ENGLISH = { id: 41, code: 'ENG1', title: 'English for study' };

const asOf = (at: string, points: number): StudentGradesAsOf => ({
  at,
  student: STUDENT,
  grades: [
    {
      subject: 'task',
      course: ENGLISH,
      item: { id: 100, title: 'Essay 1' },
      points,
      outcome: 'graded',
      published: true,
      comment: null,
      maxPoints: 10,
      version: 2,
      changedAt: '2026-11-20T10:15:00Z',
    },
    {
      subject: 'course_result',
      course: MATHS,
      item: null,
      points: 81,
      outcome: 'graded',
      published: false,
      comment: null,
      maxPoints: 100,
      version: 1,
      changedAt: '2026-11-21T08:00:00Z',
    },
  ],
});

const fetchMock = vi.fn<typeof fetch>();
const seen: URL[] = [];
beforeEach(() => {
  seen.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input) => {
    const url = new URL(urlOf(input), 'http://localhost');
    seen.push(url);
    if (url.pathname === '/api/en/lms/student/501/grade-history') {
      const courseId = url.searchParams.get('courseId');
      if (courseId === '42')
        return Promise.resolve(
          jsonResponse(
            historyPage([entry({ id: 30, course: MATHS, item: { id: 7, title: 'Quiz' } })]),
          ),
        );
      if (url.searchParams.get('before') === '11')
        return Promise.resolve(
          jsonResponse(historyPage([entry({ id: 10, item: { id: 100, title: 'Older task' } })])),
        );
      return Promise.resolve(
        jsonResponse(
          historyPage(
            [
              entry({ id: 12, item: { id: 100, title: 'Newest task' } }),
              entry({ id: 11, action: 'save', item: { id: 100, title: 'Second task' } }),
            ],
            11,
          ),
        ),
      );
    }
    if (url.pathname === '/api/en/lms/student/501/grades-as-of') {
      const at = url.searchParams.get('at') ?? '';
      return Promise.resolve(jsonResponse(asOf(at, at.startsWith('2026-11-01') ? 5 : 9)));
    }
    return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const renderPage = (route = '/en/learning/student/501/grade-history') =>
  renderWithProviders(
    <Routes>
      <Route
        path="/en/learning/student/:studentId/grade-history"
        element={<StudentGradeHistoryRoute />}
      />
    </Routes>,
    { route },
  );

const historyCalls = () => seen.filter((u) => u.pathname.endsWith('/grade-history'));

describe('a student’s grade history page', () => {
  it('lists the changes newest first and loads more with the keyset of the last page', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Grade history · Amal Haddad' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Grade changes' });
    const titles = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[2]?.textContent);
    expect(titles()).toEqual(['Newest task', 'Second task']);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(titles()).toEqual(['Newest task', 'Second task', 'Older task']);
    });
    expect(historyCalls().at(-1)?.searchParams.get('before')).toBe('11');
    // The last page has no `next`: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('filters by course, from the courses the student has grades in', async () => {
    renderPage();
    await screen.findByText('Newest task');
    await userEvent.click(screen.getByRole('textbox', { name: 'Course' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'MAT1 · Maths', hidden: true }),
    );
    expect(await screen.findByText('Quiz')).toBeInTheDocument();
    expect(screen.queryByText('Newest task')).toBeNull();
    expect(historyCalls().at(-1)?.searchParams.get('courseId')).toBe('42');
  });

  it('opens on a course given in the address (the grade book’s and the overview’s links)', async () => {
    renderPage('/en/learning/student/501/grade-history?courseId=42');
    expect(await screen.findByText('Quiz')).toBeInTheDocument();
    expect(historyCalls()[0]?.searchParams.get('courseId')).toBe('42');
  });

  it('shows the student’s grades as of a time chosen', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Grades as of a time' }));
    const table = await screen.findByRole('region', { name: 'Grades at that time' });
    expect(within(table).getByText('9 / 10')).toBeInTheDocument();
    expect(within(table).getByText('Course result')).toBeInTheDocument();
    expect(within(table).getByText('Draft')).toBeInTheDocument();
    // The time first, then the day: the day takes the time typed.
    fireEvent.change(screen.getByLabelText('As of, time'), { target: { value: '09:30' } });
    fireEvent.change(screen.getByLabelText('As of'), { target: { value: '1 Nov 2026' } });
    fireEvent.blur(screen.getByLabelText('As of'));
    await waitFor(() => {
      expect(within(table).getByText('5 / 10')).toBeInTheDocument();
    });
    const at = seen
      .filter((u) => u.pathname.endsWith('/grades-as-of'))
      .at(-1)
      ?.searchParams.get('at');
    // The end of the minute chosen, in the device's zone.
    expect(at).toBe(new Date(new Date('2026-11-01T09:30').getTime() + 59_999).toISOString());
  });
});
