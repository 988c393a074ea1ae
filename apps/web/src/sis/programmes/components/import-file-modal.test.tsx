import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { renderWithProviders } from '../../../test/render';
import { ImportFileModal, ImportSummaryAlert, type ImportFileInput } from './import-file-modal';

type Report = {
  dryRun: boolean;
  problems: { row: number; column: string; message: string }[];
  things: number;
};

const report = (over: Partial<Report>): Report => ({
  dryRun: true,
  problems: [],
  things: 2,
  ...over,
});

function Harness({
  answer,
  onClose,
}: {
  answer: (input: ImportFileInput) => Promise<Report>;
  onClose: () => void;
}) {
  const run = useMutation({ mutationFn: answer });
  return (
    <ImportFileModal
      programmeId={3}
      run={run}
      title="Import things"
      opened
      onClose={onClose}
      fileLabel="Things file"
      fileDescription="Checked first"
      outcome={(r, isDone) => (
        <ImportSummaryAlert isDone={isDone}>{r.things} things.</ImportSummaryAlert>
      )}
      importLabel={(r) => (r.things > 0 ? `Import ${r.things} things` : null)}
    >
      What the file holds.
    </ImportFileModal>
  );
}

const csv = () => new File(['a\n'], 'things.csv', { type: 'text/csv' });

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('ImportFileModal', () => {
  it('checks a chosen file, imports it once clean and says so', async () => {
    const answer = vi
      .fn<(input: ImportFileInput) => Promise<Report>>()
      .mockResolvedValueOnce(report({}))
      .mockResolvedValueOnce(report({ dryRun: false }));
    renderWithProviders(<Harness answer={answer} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const file = csv();

    await user.upload(fileInput(), file);
    expect(await screen.findByText('The file is clean')).toBeInTheDocument();
    expect(answer.mock.calls[0]?.[0]).toEqual({ programmeId: 3, file, dryRun: true });

    await user.click(screen.getByRole('button', { name: 'Import 2 things' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Imported2 things.');
    expect(answer.mock.calls[1]?.[0]).toEqual({ programmeId: 3, file, dryRun: false });
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('offers no import when a clean file has nothing to import', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <Harness answer={() => Promise.resolve(report({ things: 0 }))} onClose={onClose} />,
    );
    const user = userEvent.setup();

    await user.upload(fileInput(), csv());
    expect(await screen.findByText('The file is clean')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('lists the problems of a file the real run refused, and keeps it open to fix', async () => {
    const answer = vi
      .fn<(input: ImportFileInput) => Promise<Report>>()
      .mockResolvedValueOnce(report({}))
      .mockResolvedValueOnce(
        report({ problems: [{ row: 2, column: 'code', message: 'Taken meanwhile' }] }),
      );
    renderWithProviders(<Harness answer={answer} onClose={vi.fn()} />);
    const user = userEvent.setup();

    await user.upload(fileInput(), csv());
    await user.click(await screen.findByRole('button', { name: 'Import 2 things' }));
    expect(await screen.findByText('Nothing was imported')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '1 problem in the file' })).toBeInTheDocument();
    expect(screen.queryByText('Imported')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(fileInput()).toBeEnabled();
  });
});
