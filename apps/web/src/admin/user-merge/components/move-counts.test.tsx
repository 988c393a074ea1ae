import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { MoveCountsTable } from './move-counts';

const count = (kind: string, removed: number, kept: number) => ({
  kind,
  label: kind.charAt(0).toUpperCase() + kind.slice(1),
  removed,
  kept,
});

describe('What moves to the kept person', () => {
  it('lists only the kinds where either person has something, and sums up the rest in a line', () => {
    renderWithProviders(
      <MoveCountsTable
        counts={[
          count('enrolments', 2, 0),
          count('grades', 0, 3),
          count('mails', 0, 0),
          count('posts', 0, 0),
          count('tickets', 0, 0),
        ]}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Enrolments20', 'Grades03']);
    expect(screen.queryByText('Mails')).not.toBeInTheDocument();
    expect(screen.getByText('Other kinds compared, empty for both people: 3.')).toBeInTheDocument();
  });

  it('says so in one line when neither person has anything', () => {
    renderWithProviders(<MoveCountsTable counts={[count('mails', 0, 0), count('posts', 0, 0)]} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      screen.getByText('Neither person has anything to move: all 2 kinds compared are empty.'),
    ).toBeInTheDocument();
  });
});
