import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import type { CohortImportReport } from '@lantern/contracts/bachelor-cohorts';
import { renderWithProviders } from '../../../test/render';
import { ImportFlow } from '../../../components/import-flow';
import {
  CohortImportOutcome,
  cohortImportLabel,
  cohortImportSummary,
} from './cohort-import-outcome';

type Input = { programmeId: number; cohortId: number; file: File; dryRun: boolean };

const report = (over: Partial<CohortImportReport>): CohortImportReport => ({
  dryRun: true,
  rows: 3,
  problems: [],
  added: 1,
  changed: 1,
  unchanged: 0,
  unlisted: 1,
  overwrites: 1,
  diff: {
    added: [{ row: 2, jwlId: null, name: 'Neema Otieno' }],
    changed: [
      {
        row: 3,
        jwlId: 7,
        name: 'Juma Hamisi',
        changes: [
          { field: 'phone', from: '+254712000111', to: '+254712000222', manual: '+254712999999' },
        ],
      },
    ],
    unlisted: [{ row: null, jwlId: 9, name: 'Gone Away' }],
  },
  importId: null,
  ...over,
});

function Harness({ answer }: { answer: (input: Input) => Promise<CohortImportReport> }) {
  const run = useMutation({ mutationFn: answer });
  return (
    <ImportFlow
      run={run}
      input={{ programmeId: 1, cohortId: 2 }}
      fileLabel="Cohort file"
      fileDescription="Checked first"
      outcome={(r, isDone) => <CohortImportOutcome report={r} isDone={isDone} />}
      importLabel={(r) => (r.added + r.changed > 0 ? 'Import' : null)}
      onClose={vi.fn()}
    >
      Cohort file columns.
    </ImportFlow>
  );
}

const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

describe('the cohort import', () => {
  it('shows problems, then the diff with the hand edit it overwrites, then imports', async () => {
    const answer = vi
      .fn<(input: Input) => Promise<CohortImportReport>>()
      .mockResolvedValueOnce(
        report({
          problems: [{ row: 2, column: 'birthDate', message: 'Please provide a valid Date' }],
        }),
      )
      .mockResolvedValueOnce(report({}))
      .mockResolvedValueOnce(report({ dryRun: false, importId: 5 }));
    renderWithProviders(<Harness answer={answer} />);
    const user = userEvent.setup();
    const file = new File(['a\n'], 'cohort.csv', { type: 'text/csv' });

    await user.upload(fileInput(), file);
    expect(await screen.findByText('Nothing was imported')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '1 problem in the file' })).toHaveTextContent(
      'Please provide a valid Date',
    );

    await user.upload(fileInput(), file);
    expect(await screen.findByText('The file is clean')).toBeInTheDocument();
    expect(answer.mock.calls[1]?.[0]).toEqual({ programmeId: 1, cohortId: 2, file, dryRun: true });
    expect(screen.getByText('Hand edits would be overwritten')).toBeInTheDocument();
    const changed = screen.getByRole('region', { name: 'Changed' });
    expect(within(changed).getByText('Phone')).toBeInTheDocument();
    expect(within(changed).getByText('overwrites the hand edit +254712999999')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Added' })).toHaveTextContent('Neema Otieno');
    expect(screen.getByRole('region', { name: 'No longer listed' })).toHaveTextContent('Gone Away');

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported')).toBeInTheDocument();
    expect(answer.mock.calls[2]?.[0]).toMatchObject({ dryRun: false });
  });

  it('names only what a file does, in its summary and on its button', () => {
    const r = report({ rows: 3, added: 0, changed: 1, unchanged: 2, unlisted: 0 });
    expect(cohortImportSummary(r)).toBe(
      '3 rows: 0 added, 1 changed, 2 unchanged, 0 no longer listed',
    );
    expect(cohortImportLabel(r)).toBe('Import: 1 student changed');
    expect(cohortImportLabel({ added: 3, changed: 2 })).toBe(
      'Import: 3 students added, 2 students changed',
    );
    expect(cohortImportLabel({ added: 0, changed: 0 })).toBeNull();
  });
});
