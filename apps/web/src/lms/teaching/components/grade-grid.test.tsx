import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { GradeBook, GradeBookCell } from '@lantern/contracts/teaching';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { GradeGrid } from './grade-grid';

type Row = GradeBook['rows'][number];

const columns = (n: number): GradeBook['columns'] =>
  Array.from({ length: n }, (_, i) => ({
    id: 100 + i,
    unitId: 1,
    title: `Task ${String(i + 1)}`,
    maxPoints: 10,
    weight: null,
    delivery: 'online' as const,
    mayGrade: true,
  }));

const rows = (n: number, cols: number): Row[] =>
  Array.from({ length: n }, (_, r) => ({
    studentId: 1000 + r,
    firstName: `First${String(r)}`,
    lastName: `Last${String(r).padStart(4, '0')}`,
    classId: null,
    mayGrade: true,
    cells: Array.from({ length: cols }, (_, c): GradeBookCell => [
      'graded',
      (r + c) % 11,
      true,
      false,
      1,
    ]),
    points: 0,
    result: null,
    soFar: null,
  }));

// jsdom lays nothing out: the grid's scroller is given a size so the virtualizers have a view
// (400 px: the header and about ten rows; 1000 px: the learner column and about eight tasks).
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderGrid(nRows: number, nCols: number, mayEdit = false) {
  const cols = columns(nCols);
  return renderWithProviders(
    <GradeGrid
      courseId={7}
      columns={cols}
      rows={rows(nRows, nCols)}
      mayEdit={mayEdit}
      hasMore={false}
      onNeedMore={() => undefined}
      onSaved={() => undefined}
    />,
  );
}

describe('GradeGrid', () => {
  it('puts keyboard focus on its first cell once the rows are in, and the arrows move it', async () => {
    renderGrid(30, 5);
    const first = await screen.findByRole('rowheader', { name: 'Last0000, First0' });
    await waitFor(() => {
      expect(first).toHaveFocus();
    });
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => {
      expect(screen.getByRole('gridcell', { name: 'First0 Last0000, Task 1: 0' })).toHaveFocus();
    });
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => {
      expect(screen.getByRole('gridcell', { name: 'First1 Last0001, Task 1: 1' })).toHaveFocus();
    });
  });

  it('leaves focus in a field the person is already in', async () => {
    const { rerender } = renderWithProviders(<input aria-label="Search" />);
    const search = screen.getByRole('textbox', { name: 'Search' });
    search.focus();
    const cols = columns(3);
    rerender(
      <>
        <input aria-label="Search" />
        <GradeGrid
          courseId={7}
          columns={cols}
          rows={rows(5, 3)}
          mayEdit={false}
          hasMore={false}
          onNeedMore={() => undefined}
          onSaved={() => undefined}
        />
      </>,
    );
    await screen.findByRole('rowheader', { name: 'Last0000, First0' });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('holds only the rows and task columns in view (and a few more) of 2,000 × 100', async () => {
    renderGrid(2000, 100);
    const grid = await screen.findByRole('grid', { name: 'Grade book' });
    expect(grid).toHaveAttribute('aria-rowcount', '2001');
    expect(grid).toHaveAttribute('aria-colcount', '103');
    const [header, ...body] = within(grid).getAllByRole('row');
    // 400 px show about ten rows of 34 px; three more each side at most.
    expect(body.length).toBeGreaterThan(5);
    expect(body.length).toBeLessThanOrEqual(20);
    const cells = within(body[0] as HTMLElement).getAllByRole('gridcell');
    // About eight tasks in 1000 px, two more each side, and the two totals.
    expect(cells.length).toBeLessThanOrEqual(14);
    expect(cells.at(-1)).toHaveAttribute('aria-colindex', '103');
    expect(within(header as HTMLElement).getAllByRole('columnheader').length).toBe(
      cells.length + 1,
    );
  });

  it('edits a cell with Enter, saves it at its version and moves down', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValue(jsonResponse({ cell: ['graded', 7, false, false, 2] }));
    try {
      renderGrid(10, 3, true);
      const first = await screen.findByRole('rowheader', { name: 'Last0000, First0' });
      await waitFor(() => {
        expect(first).toHaveFocus();
      });
      await userEvent.keyboard('{ArrowRight}');
      await waitFor(() => {
        expect(screen.getByRole('gridcell', { name: /First0 Last0000, Task 1/ })).toHaveFocus();
      });
      await userEvent.keyboard('{Enter}');
      const input = await screen.findByRole('textbox', { name: 'Points for First0 Last0000' });
      await userEvent.clear(input);
      await userEvent.type(input, '7{Enter}');
      await waitFor(() => {
        expect(fetchMock).toHaveBeenCalledTimes(1);
      });
      const { url, init } = fetchCall(fetchMock, 0);
      expect(url).toContain('/api/en/lms/course/7/grade-book/cell');
      expect(init.method).toBe('PUT');
      expect(JSON.parse(init.body as string)).toEqual({
        itemId: 100,
        studentId: 1000,
        points: 7,
        version: 1,
      });
      await waitFor(() => {
        expect(screen.getByRole('gridcell', { name: 'First0 Last0000, Task 1: 7' })).toBeVisible();
      });
      expect(screen.getByRole('gridcell', { name: 'First1 Last0001, Task 1: 1' })).toHaveFocus();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows read-only, and opens no field in, the cells the API says the grader may not grade', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    try {
      // Task 2 is of a delivery the grader does not grade; learner 1 is outside their classes.
      const cols = columns(2).map((c, i) => (i === 1 ? { ...c, mayGrade: false } : c));
      const rs = rows(2, 2).map((r, i) => (i === 1 ? { ...r, mayGrade: false } : r));
      renderWithProviders(
        <GradeGrid
          courseId={7}
          columns={cols}
          rows={rs}
          mayEdit
          hasMore={false}
          onNeedMore={() => undefined}
          onSaved={() => undefined}
        />,
      );
      const open = await screen.findByRole('gridcell', { name: 'First0 Last0000, Task 1: 0' });
      expect(open).not.toHaveAttribute('aria-readonly');
      for (const name of [
        'First0 Last0000, Task 2: 1',
        'First1 Last0001, Task 1: 1',
        'First1 Last0001, Task 2: 2',
      ])
        expect(screen.getByRole('gridcell', { name })).toHaveAttribute('aria-readonly', 'true');
      const other = screen.getByRole('gridcell', { name: 'First0 Last0000, Task 2: 1' });
      await userEvent.dblClick(other);
      other.focus();
      await userEvent.keyboard('{Enter}');
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      await userEvent.dblClick(open);
      expect(
        await screen.findByRole('textbox', { name: 'Points for First0 Last0000' }),
      ).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens a learner’s grade history in this course from their name (Enter on it)', async () => {
    const { container } = renderWithProviders(
      <Routes>
        <Route
          path="/en/home"
          element={
            <GradeGrid
              courseId={7}
              columns={columns(2)}
              rows={rows(3, 2)}
              mayEdit={false}
              hasMore={false}
              onNeedMore={() => undefined}
              onSaved={() => undefined}
            />
          }
        />
        <Route path="/en/learning/student/:studentId/grade-history" element={<p>History</p>} />
      </Routes>,
    );
    const name = await screen.findByRole('rowheader', { name: 'Last0000, First0' });
    // The name is a link, but the cell stays the one tab stop of the grid.
    expect(within(name).getByRole('link')).toHaveAttribute(
      'href',
      '/en/learning/student/1000/grade-history?courseId=7',
    );
    expect(within(name).getByRole('link')).toHaveAttribute('tabindex', '-1');
    await waitFor(() => {
      expect(name).toHaveFocus();
    });
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('History')).toBeInTheDocument();
    expect(container.querySelector('[role="grid"]')).toBeNull();
  });
});
