import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CertificateExportStatus } from '@lantern/contracts/programme';
import { renderWithProviders } from '../../../test/render';
import { ExportStatusView } from './export-status';

const status = (over: Partial<CertificateExportStatus>): CertificateExportStatus => ({
  jobId: '6f1c2a52-3d7e-4b8a-9f55-0c1d2e3f4a5b',
  state: 'running',
  done: 0,
  total: 40,
  failed: [],
  downloadUrl: null,
  ...over,
});

describe('an export’s status', () => {
  it('shows a running job as a progress bar with how many are done', () => {
    renderWithProviders(<ExportStatusView status={status({ done: 10 })} />);
    expect(screen.getByText('Making certificates: 10 of 40')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Making certificates: 10 of 40' }),
    ).toHaveAttribute('aria-valuenow', '25');
  });

  it('offers the file when done, and names each certificate that failed', () => {
    renderWithProviders(
      <ExportStatusView
        status={status({
          state: 'done',
          done: 38,
          downloadUrl: '/api/files/abc?expires=1&signature=x',
          failed: [
            { enrolmentId: 7, name: 'Achol Garang', error: 'The CLC’s logo could not be read.' },
            { enrolmentId: 9, name: 'Omar Jaber', error: 'The PDF could not be made.' },
          ],
        })}
      />,
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the file' })).toHaveAttribute(
      'href',
      '/api/files/abc?expires=1&signature=x',
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error while generating.');
    expect(alert).toHaveTextContent('Achol Garang: The CLC’s logo could not be read.');
    expect(alert).toHaveTextContent('Omar Jaber');
  });

  it('says Error while generating. when the whole job failed', () => {
    renderWithProviders(<ExportStatusView status={status({ state: 'failed' })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error while generating.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
