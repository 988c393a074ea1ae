import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { entry, line } from '../test-fixtures';
import { HistoryCards, HistoryTable } from './history-table';

const rowOf = (id: number) => {
  const cell = screen.getByText(`row-${String(id)}`, { exact: false });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${String(id)}`);
  return within(row);
};

describe('the grade history table', () => {
  it('says each action in words, with old → new, who and why', () => {
    renderWithProviders(
      <HistoryTable
        entries={[
          entry({
            id: 1,
            action: 'save',
            item: { id: 1, title: 'row-1' },
            old: { points: null, outcome: null, published: null },
            new: { points: 6.5, outcome: 'graded', published: false },
          }),
          entry({ id: 2, item: { id: 2, title: 'row-2' } }),
          entry({
            id: 3,
            action: 'change',
            item: { id: 3, title: 'row-3' },
            requestId: 12,
            reason: 'Marked against the wrong rubric',
            old: { points: 7, outcome: 'graded', published: true },
            new: { points: 9, outcome: 'graded', published: true },
          }),
          entry({
            id: 4,
            action: 'unpublish',
            item: { id: 4, title: 'row-4' },
            requestId: 3,
            old: { points: 7, outcome: 'graded', published: true },
            new: { points: 7, outcome: 'graded', published: false },
          }),
          entry({ id: 5, action: 'auto', item: { id: 5, title: 'row-5' }, actor: null }),
          entry({
            id: 6,
            action: 'override',
            item: { id: 6, title: 'row-6' },
            impersonator: { id: 2, name: 'Sam Admin' },
            new: { points: null, outcome: 'returned', published: true },
          }),
          entry({
            id: 7,
            subject: 'course_result',
            action: 'finalise',
            item: null,
            course: { id: 42, code: 'row-7', title: 'Maths' },
            maxPoints: 100,
            old: { points: 81, outcome: 'graded', published: false },
            new: { points: 81, outcome: 'graded', published: true },
            actor: { id: 3, name: 'Carla Coordinator' },
          }),
          entry({ id: 8, action: 'reopen', item: { id: 8, title: 'row-8' } }),
        ]}
      />,
    );
    expect(rowOf(1).getByText('Saved as a draft')).toBeInTheDocument();
    expect(rowOf(1).getByText(line('— → 6.5 / 10 (draft)'))).toBeInTheDocument();
    expect(rowOf(2).getByText('Published')).toBeInTheDocument();
    expect(rowOf(2).getByText(line('7 / 10 (draft) → 7 / 10'))).toBeInTheDocument();
    expect(rowOf(2).getByText('Fatima Faculty')).toBeInTheDocument();
    const changed = rowOf(3).getByRole('link', { name: 'Changed on request #12' });
    expect(changed).toHaveAttribute('href', '/en/learning/grade-request/12');
    expect(rowOf(3).getByText('Marked against the wrong rubric')).toBeInTheDocument();
    expect(rowOf(3).getByText(line('7 / 10 → 9 / 10'))).toBeInTheDocument();
    expect(rowOf(4).getByRole('link', { name: 'Unpublished on request #3' })).toHaveAttribute(
      'href',
      '/en/learning/grade-request/3',
    );
    expect(rowOf(5).getByText('Graded automatically')).toBeInTheDocument();
    expect(rowOf(5).getByText('the system')).toBeInTheDocument();
    expect(rowOf(6).getByText('Changed after publishing')).toBeInTheDocument();
    expect(rowOf(6).getByText('Sam Admin on behalf of Fatima Faculty')).toBeInTheDocument();
    expect(rowOf(6).getByText(line('7 / 10 (draft) → Returned for rework'))).toBeInTheDocument();
    expect(rowOf(7).getByText('Finalised')).toBeInTheDocument();
    expect(rowOf(7).getByText('Course result')).toBeInTheDocument();
    expect(rowOf(7).getByText(line('81 / 100 (not final) → 81 / 100'))).toBeInTheDocument();
    expect(rowOf(8).getByText('Reopened')).toBeInTheDocument();
    // Users read labels, never the stored values.
    expect(screen.queryByText(/unpublish\b|finalise\b|course_result/)).toBeNull();
  });

  it('shows a learner "Not published" for a draft and links no request', () => {
    renderWithProviders(
      <HistoryTable
        learner
        entries={[
          entry({
            id: 4,
            action: 'unpublish',
            item: { id: 4, title: 'row-4' },
            requestId: 3,
            old: { points: 7, outcome: 'graded', published: true },
            new: { points: null, outcome: null, published: false },
          }),
        ]}
      />,
    );
    expect(rowOf(4).getByText('Unpublished on request #3')).toBeInTheDocument();
    expect(rowOf(4).queryByRole('link')).toBeNull();
    expect(rowOf(4).getByText(line('7 / 10 → Not published'))).toBeInTheDocument();
  });

  it('gives a phone one block per change, with the same words', () => {
    renderWithProviders(
      <HistoryCards
        entries={[
          entry({
            id: 3,
            action: 'change',
            requestId: 12,
            reason: 'Marked against the wrong rubric',
            old: { points: 7, outcome: 'graded', published: true },
            new: { points: 9, outcome: 'graded', published: true },
          }),
          entry({ id: 2 }),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Grade changes' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Changed on request #12' })).toBeInTheDocument();
    expect(first.getByText(line('ENG1 · Essay 1'))).toBeInTheDocument();
    expect(first.getByText(line('7 / 10 → 9 / 10'))).toBeInTheDocument();
    expect(
      first.getByText(line('By Fatima Faculty · Marked against the wrong rubric')),
    ).toBeInTheDocument();
  });
});
