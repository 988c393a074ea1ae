import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { GradeBookAsOf } from '@lantern/contracts/ledger';
import type { GradeBook } from '@lantern/contracts/teaching';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import GradeBookPage from './grade-book';

const holder = vi.hoisted(() => ({ rights: [] as string[] }));
vi.mock('../../../lib/base-data', () => ({
  useCurrentUser: () => ({ applicationRights: holder.rights, applicationRoles: [] }),
}));
const saved = vi.hoisted(() => ({ files: [] as string[] }));
vi.mock('../../../lib/save-file', () => ({
  saveFile: (d: { filename: string }) => saved.files.push(d.filename),
}));

const COURSE = { id: 7, code: 'ENG1', title: 'English for study' };
const BOOK: GradeBook = {
  course: { ...COURSE, weighting: 'points', scaleMax: 100 },
  units: [{ id: 1, title: 'Unit 1' }],
  columns: [
    {
      id: 100,
      unitId: 1,
      title: 'Essay 1',
      maxPoints: 10,
      weight: null,
      delivery: 'online',
      mayGrade: true,
    },
  ],
  classes: [{ id: 3, name: 'KAK-1' }],
  rows: [
    {
      studentId: 501,
      firstName: 'Amal',
      lastName: 'Haddad',
      classId: 3,
      mayGrade: true,
      cells: [['graded', 9, true, false, 3]],
      points: 9,
      result: 90,
      soFar: 90,
    },
  ],
  nextCursor: null,
  mayEdit: true,
};
const AS_OF: GradeBookAsOf = {
  at: '2026-11-01T09:30:59.999Z',
  course: COURSE,
  class: { id: 3, name: 'KAK-1' },
  columns: [{ id: 100, title: 'Essay 1', unitTitle: 'Unit 1', maxPoints: 10 }],
  rows: [
    {
      studentId: 501,
      firstName: 'Amal',
      lastName: 'Haddad',
      cells: [{ points: 7, outcome: 'graded' }],
      points: 7,
      soFar: 70,
    },
  ],
};

const fetchMock = vi.fn<typeof fetch>();
const seen: URL[] = [];
beforeEach(() => {
  seen.length = 0;
  saved.files.length = 0;
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input) => {
    const url = new URL(urlOf(input), 'http://localhost');
    seen.push(url);
    if (url.pathname === '/api/en/lms/course/7/grade-book')
      return Promise.resolve(jsonResponse(BOOK));
    if (url.pathname === '/api/en/lms/course/7/grade-book/as-of')
      return Promise.resolve(jsonResponse(AS_OF));
    if (url.pathname === '/api/en/lms/course/7/grade-book/as-of/export')
      return Promise.resolve(
        new Response('a,b\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="grade-book-as-of.csv"',
          },
        }),
      );
    return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const renderBook = () =>
  renderWithProviders(
    <Routes>
      <Route path="/en/course/:courseId/grade-book" element={<GradeBookPage />} />
    </Routes>,
    { route: '/en/course/7/grade-book?classId=3' },
  );

describe('the grade book’s cells graded by others', () => {
  const READ_ONLY = /Grey cells are graded by others/;

  it('says what the grey cells are when a column is of a delivery the grader does not grade', async () => {
    holder.rights = ['GRADE_BOOK__DISPLAY'];
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        new URL(urlOf(input), 'http://localhost').pathname === '/api/en/lms/course/7/grade-book'
          ? jsonResponse({
              ...BOOK,
              columns: BOOK.columns.map((c) => ({ ...c, mayGrade: false })),
            })
          : jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404),
      ),
    );
    renderBook();
    expect(await screen.findByText(READ_ONLY)).toBeInTheDocument();
  });

  it('says nothing of them when the grader may enter every cell', async () => {
    holder.rights = ['GRADE_BOOK__DISPLAY'];
    renderBook();
    expect(await screen.findByText(/Arrow keys move between cells/)).toBeInTheDocument();
    expect(screen.queryByText(READ_ONLY)).toBeNull();
  });
});

describe('the grade book as of a time', () => {
  it('switches to the read-only published grades of then, exports them, and goes back to now', async () => {
    holder.rights = ['GRADE_BOOK__DISPLAY', 'GRADE_BOOK__EXPORT', 'SUBMISSION__DISPLAY'];
    renderBook();
    expect(await screen.findByRole('grid', { name: 'Grade book' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Publish drafts for this class' }),
    ).toBeInTheDocument();

    // The time first, then the day: the day takes the time typed.
    fireEvent.change(screen.getByLabelText('As of, time'), { target: { value: '09:30' } });
    fireEvent.change(screen.getByLabelText('As of'), { target: { value: '1 Nov 2026' } });
    fireEvent.blur(screen.getByLabelText('As of'));
    const table = await screen.findByRole('region', { name: 'Grade book as of that time' });
    expect(screen.getByText(/^As of 1 Nov 2026, 09:30$/)).toBeInTheDocument();
    expect(screen.getByText(/Read-only/)).toBeInTheDocument();
    // Nothing to edit or publish: no grid, no publish, the learner's name opens their history.
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish drafts for this class' })).toBeNull();
    const row = within(
      within(table).getByRole('link', { name: 'Haddad, Amal' }).closest('tr') as HTMLElement,
    );
    // Essay 1, the points and the result so far.
    expect(row.getAllByRole('cell').map((c) => c.textContent)).toEqual(['7', '7', '70']);
    expect(within(table).getByRole('link', { name: 'Haddad, Amal' })).toHaveAttribute(
      'href',
      '/en/learning/student/501/grade-history?courseId=7',
    );
    const asked = seen.find((u) => u.pathname.endsWith('/grade-book/as-of'));
    expect(asked?.searchParams.get('classId')).toBe('3');
    expect(asked?.searchParams.get('at')).toBe(
      new Date(new Date('2026-11-01T09:30').getTime() + 59_999).toISOString(),
    );

    await userEvent.click(
      screen.getByRole('button', { name: 'Export as of 1 Nov 2026, 09:30 (CSV)' }),
    );
    await waitFor(() => {
      expect(saved.files).toEqual(['grade-book-as-of.csv']);
    });
    const exported = seen.find((u) => u.pathname.endsWith('/as-of/export'));
    expect(exported?.searchParams.get('format')).toBe('csv');
    expect(exported?.searchParams.get('classId')).toBe('3');

    await userEvent.click(screen.getByRole('button', { name: 'Back to now' }));
    expect(await screen.findByRole('grid', { name: 'Grade book' })).toBeInTheDocument();
    expect(screen.getByLabelText('As of')).toHaveValue('');
  });

  it('offers no export as of a time without GRADE_BOOK__EXPORT', async () => {
    holder.rights = ['GRADE_BOOK__DISPLAY'];
    renderBook();
    await screen.findByRole('grid', { name: 'Grade book' });
    // The time first, then the day: the day takes the time typed.
    fireEvent.change(screen.getByLabelText('As of, time'), { target: { value: '09:30' } });
    fireEvent.change(screen.getByLabelText('As of'), { target: { value: '1 Nov 2026' } });
    fireEvent.blur(screen.getByLabelText('As of'));
    await screen.findByRole('region', { name: 'Grade book as of that time' });
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });
});
