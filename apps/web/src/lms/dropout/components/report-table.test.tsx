import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ReportRow } from '@lantern/contracts/dropout';
import { renderWithProviders } from '../../../test/render';
import { ReportTable } from './report-table';

const row = (patch: Partial<ReportRow>): ReportRow => ({
  itemId: 1,
  criterion: 'missed_tasks',
  action: 'notify_coordinator',
  percent: 40,
  weeks: null,
  isDeleted: false,
  flagged: 10,
  droppedOut: 6,
  stillActive: 3,
  completed: 1,
  droppedWithoutFlag: 2,
  ...patch,
});

describe('ReportTable', () => {
  it('shows per item what became of the flagged students, in words and shares', () => {
    renderWithProviders(
      <ReportTable
        rows={[
          row({}),
          row({
            itemId: 2,
            criterion: 'inactive',
            action: 'mail_student',
            percent: null,
            weeks: 3,
            isDeleted: true,
            flagged: 0,
            droppedOut: 0,
            stillActive: 0,
            completed: 0,
            droppedWithoutFlag: 4,
          }),
        ]}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Criteria',
      'Threshold',
      'Action',
      'Flagged',
      'Of whom withdrawn or failed',
      'Still active',
      'Completed',
      'Dropped out without a flag',
    ]);
    const [, first, second] = screen.getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Missed graded tasks due so far',
      '40 % or more',
      'Notify the coordinator',
      '10',
      '6 (60 %)',
      '3 (30 %)',
      '1 (10 %)',
      '2',
    ]);
    expect(
      within(second as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'No submission and no progress (deleted)',
      '3 weeks',
      'Send the student an automatic mail',
      '0',
      '0',
      '0',
      '0',
      '4',
    ]);
  });

  it('says so when there are no items', () => {
    renderWithProviders(<ReportTable rows={[]} />);
    expect(screen.getByText('No items yet: nothing to report.')).toBeInTheDocument();
  });
});
