import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { ImportApplicantsModal } from './import-applicants-modal';
import { ImportProblemsTable } from './import-problems-table';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const report = (over: Record<string, unknown>) =>
  jsonResponse({
    dryRun: true,
    rows: 3,
    problems: [],
    created: 2,
    matched: 1,
    alreadyApplied: 0,
    ...over,
  });

const csv = (name = 'applicants.csv') =>
  new File(['jwlId,firstName,lastName\n'], name, { type: 'text/csv' });

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('ImportProblemsTable', () => {
  it('lists every problem by row, keeping the column order within a row, with the count', () => {
    renderWithProviders(
      <ImportProblemsTable
        problems={[
          { row: 5, column: 'email', message: 'Must be a valid E-Mail address' },
          { row: 2, column: 'lastName', message: 'This field must be filled' },
          { row: 2, column: 'clcCode', message: 'Please select a valid option' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: '3 problems in the file' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2lastNameThis field must be filled',
      '2clcCodePlease select a valid option',
      '5emailMust be a valid E-Mail address',
    ]);
  });
});

describe('ImportApplicantsModal', () => {
  it('checks the file, shows its problems, checks it again once fixed, then imports it', async () => {
    fetchMock
      .mockResolvedValueOnce(
        report({
          problems: [{ row: 3, column: 'birthDate', message: 'Please provide a valid Date' }],
        }),
      )
      .mockResolvedValueOnce(report({}))
      .mockResolvedValueOnce(report({ dryRun: false }));
    renderWithProviders(<ImportApplicantsModal programmeId={7} opened onClose={vi.fn()} />);
    const user = userEvent.setup();

    await user.upload(fileInput(), csv());
    const problems = await screen.findByRole('table', { name: '1 problem in the file' });
    expect(within(problems).getByText('birthDate')).toBeInTheDocument();
    expect(within(problems).getByText('Please provide a valid Date')).toBeInTheDocument();
    expect(screen.getByText('Nothing was imported')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
    const first = fetchCall(fetchMock, 0);
    expect(first.url).toBe(
      '/api/en/programme/professional-certificate/7/applicants/import?dryRun=true',
    );
    expect(first.init.body).toBeInstanceOf(FormData);

    await user.upload(fileInput(), csv());
    expect(await screen.findByText('The file is clean')).toBeInTheDocument();
    expect(
      screen.getByText('3 rows: 2 new people, 1 existing matched, 0 already applied.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import 3 applicants' }));
    expect(await screen.findByText('Imported')).toBeInTheDocument();
    expect(fetchCall(fetchMock, 2).url).toBe(
      '/api/en/programme/professional-certificate/7/applicants/import?dryRun=false',
    );
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('shows a refused file as the server says it', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ detail: 'File must be a valid file', code: 'UNSUPPORTED_MEDIA_TYPE' }, 415),
    );
    renderWithProviders(<ImportApplicantsModal programmeId={7} opened onClose={vi.fn()} />);
    await userEvent.setup().upload(fileInput(), csv('applicants.xlsx'));
    expect(await screen.findByRole('alert')).toHaveTextContent('File must be a valid file');
  });
});
