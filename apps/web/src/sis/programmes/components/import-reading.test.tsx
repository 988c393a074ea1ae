import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileReading } from '@lantern/contracts/programme';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { ImportApplicantsModal } from './import-applicants-modal';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const reading = (over: Partial<FileReading>): FileReading => ({
  encoding: 'utf-8',
  encodingDetected: true,
  dates: 'iso',
  people: [],
  ...over,
});

const report = (over: Record<string, unknown>) =>
  jsonResponse({
    dryRun: true,
    rows: 2,
    problems: [],
    created: 2,
    matched: 0,
    alreadyApplied: 0,
    ...over,
  });

const person = (row: number, name: string) => ({
  row,
  name,
  jwlId: null,
  birthDate: '2001-03-14',
  email: null,
  clcCode: 'KAK',
});

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

const roster = new File(['x'], 'roster.csv', { type: 'text/csv' });
const ambiguous =
  'These dates can be read as DD/MM/YYYY or MM/DD/YYYY. Choose which this file uses.';

describe('how an import read its file', () => {
  it('shows the detected encoding and checks the file again in another, then imports in it', async () => {
    fetchMock
      .mockResolvedValueOnce(
        report({
          reading: reading({
            encoding: 'windows-1252',
            people: [person(2, 'ÙÍãÏ ÇáÍÓä')],
          }),
        }),
      )
      .mockResolvedValueOnce(
        report({
          reading: reading({
            encoding: 'windows-1256',
            encodingDetected: false,
            people: [person(2, 'محمد الحسن')],
          }),
        }),
      )
      .mockResolvedValueOnce(report({ dryRun: false }));
    renderWithProviders(<ImportApplicantsModal programmeId={7} opened onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.upload(fileInput(), roster);

    const encoding = await screen.findByRole('textbox', { name: 'Text encoding' });
    expect(encoding).toHaveValue('Windows-1252 (Western European)');
    expect(screen.getByText(/Detected from the file/)).toBeInTheDocument();
    expect(screen.getByText('ÙÍãÏ ÇáÍÓä')).toBeInTheDocument();

    await user.click(encoding);
    await user.click(
      await screen.findByRole('option', { name: 'Windows-1256 (Arabic)', hidden: true }),
    );
    const people = await screen.findByRole('table', {
      name: 'The people of the file as they will be written',
    });
    expect(within(people).getByText('محمد الحسن')).toBeInTheDocument();
    expect(within(people).getByText('14 Mar 2001')).toBeInTheDocument();
    expect(fetchCall(fetchMock, 1).url).toBe(
      '/api/en/programme/professional-certificate/7/applicants/import?dryRun=true&encoding=windows-1256',
    );
    expect(screen.getByText(/As you chose/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import 2 applicants' }));
    expect(await screen.findByText('Imported')).toBeInTheDocument();
    expect(fetchCall(fetchMock, 2).url).toBe(
      '/api/en/programme/professional-certificate/7/applicants/import?dryRun=false&encoding=windows-1256',
    );
  });

  it('asks the order of dates the file cannot tell, checks again with it, and imports with it', async () => {
    fetchMock
      .mockResolvedValueOnce(
        report({
          reading: reading({ dates: 'ambiguous' }),
          problems: [{ row: 1, column: 'birthDate', message: ambiguous }],
        }),
      )
      .mockResolvedValueOnce(report({ reading: reading({ dates: 'mdy' }) }))
      .mockResolvedValueOnce(report({ dryRun: false }));
    renderWithProviders(<ImportApplicantsModal programmeId={7} opened onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.upload(fileInput(), roster);

    const question = await screen.findByRole('radiogroup', {
      name: 'How does this file write its dates?',
    });
    expect(screen.getByText(ambiguous)).toBeInTheDocument();
    await user.click(within(question).getByRole('radio', { name: /^MM\/DD\/YYYY/ }));
    expect(await screen.findByText('The file is clean')).toBeInTheDocument();
    expect(fetchCall(fetchMock, 1).url).toBe(
      '/api/en/programme/professional-certificate/7/applicants/import?dryRun=true&dateOrder=mdy',
    );
    // The choice stays shown (and can be changed) once the file is clean.
    expect(screen.getByRole('radio', { name: /^MM\/DD\/YYYY/ })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Import 2 applicants' }));
    expect(await screen.findByText('Imported')).toBeInTheDocument();
    expect(fetchCall(fetchMock, 2).url).toBe(
      '/api/en/programme/professional-certificate/7/applicants/import?dryRun=false&dateOrder=mdy',
    );
  });

  it('reads another file afresh, and says nothing of the encoding of an XLSX file', async () => {
    fetchMock
      .mockResolvedValueOnce(
        report({
          reading: reading({ dates: 'ambiguous' }),
          problems: [{ row: 1, column: 'birthDate', message: ambiguous }],
        }),
      )
      .mockResolvedValueOnce(report({ reading: reading({ dates: 'dmy' }) }))
      .mockResolvedValueOnce(
        report({ reading: reading({ encoding: null, people: [person(2, 'Amani Bahati')] }) }),
      );
    renderWithProviders(<ImportApplicantsModal programmeId={7} opened onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.upload(fileInput(), roster);
    await user.click(await screen.findByRole('radio', { name: /^DD\/MM\/YYYY/ }));
    expect(await screen.findByText('The file is clean')).toBeInTheDocument();

    await user.upload(fileInput(), new File(['y'], 'other.xlsx'));
    expect(await screen.findByText('Amani Bahati')).toBeInTheDocument();
    expect(fetchCall(fetchMock, 2).url).toBe(
      '/api/en/programme/professional-certificate/7/applicants/import?dryRun=true',
    );
    expect(screen.queryByRole('textbox', { name: 'Text encoding' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});
