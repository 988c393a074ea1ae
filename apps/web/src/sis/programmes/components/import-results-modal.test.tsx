import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Programme } from '@lantern/contracts/programme';
import type { ProgrammeResults, StudentResults } from '@lantern/contracts/results';
import { saveFile } from '../../../lib/save-file';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { ImportResultsModal } from './import-results-modal';

vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(saveFile).mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const PROGRAMME: Pick<Programme, 'id' | 'code'> = { id: 7, code: '236' };

const student = (over: Partial<StudentResults>): StudentResults => ({
  enrolmentId: 31,
  studentId: 501,
  firstName: 'Amina',
  lastName: 'Sol',
  clc: 'KAK',
  state: 'active',
  onBreak: false,
  scores: {},
  average: null,
  band: null,
  outcome: 'incomplete',
  ...over,
});

const RESULTS: ProgrammeResults = {
  courses: [
    { id: 11, code: 'BUS101', title: 'Management', units: 4 },
    { id: 12, code: 'BUS102', title: 'Finance', units: 3 },
    { id: 13, code: 'BUS103', title: 'Marketing', units: 3 },
  ],
  gradingSchema: { id: 1, name: 'Percent', scaleMax: 100, passMark: 60, bands: [] },
  students: [
    student({}),
    student({ enrolmentId: 32, studentId: 502, firstName: '=Daniel', lastName: 'Sol, Jr' }),
    student({ enrolmentId: 33, studentId: 503, firstName: 'Passed', state: 'completed' }),
  ],
};

const report = (over: Record<string, unknown>) =>
  jsonResponse({
    dryRun: true,
    rows: 2,
    problems: [],
    courses: ['BUS101', 'BUS102'],
    students: 2,
    scores: 3,
    ...over,
  });

const csv = () => new File(['jwlId,BUS101\n'], 'results.csv', { type: 'text/csv' });

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

const renderModal = () =>
  renderWithProviders(
    <ImportResultsModal programme={PROGRAMME} results={RESULTS} opened onClose={vi.fn()} />,
  );

describe('ImportResultsModal', () => {
  it('names the columns with the course codes', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Import results' });
    expect(dialog).toHaveTextContent('jwlId');
    expect(dialog).toHaveTextContent('BUS101, BUS102, BUS103');
    expect(dialog).toHaveTextContent('Scores run from 0 to 100.');
  });

  it('checks the file, shows its problems, checks it again once fixed, then imports it', async () => {
    fetchMock
      .mockResolvedValueOnce(
        report({
          problems: [
            { row: 3, column: 'BUS102', message: 'Must be a number' },
            { row: 2, column: 'jwlId', message: 'Not a student of this programme' },
          ],
        }),
      )
      .mockResolvedValueOnce(report({}))
      .mockResolvedValueOnce(report({ dryRun: false }));
    const { queryClient } = renderModal();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const user = userEvent.setup();

    await user.upload(fileInput(), csv());
    const problems = await screen.findByRole('table', { name: '2 problems in the file' });
    expect(
      within(problems)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['2jwlIdNot a student of this programme', '3BUS102Must be a number']);
    expect(screen.getByText('Nothing was imported')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
    const first = fetchCall(fetchMock, 0);
    expect(first.url).toBe(
      '/api/en/programme/professional-certificate/7/results/import?dryRun=true',
    );
    expect(first.init.method).toBe('POST');
    expect(first.init.body).toBeInstanceOf(FormData);

    await user.upload(fileInput(), csv());
    expect(await screen.findByText('The file is clean')).toBeInTheDocument();
    expect(
      screen.getByText(
        '2 rows: 3 scores of 2 students, in BUS101, BUS102. BUS103: not in the file, left as is.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(invalidate).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Import 3 scores' }));
    expect(await screen.findByText('Imported')).toBeInTheDocument();
    expect(fetchCall(fetchMock, 2).url).toBe(
      '/api/en/programme/professional-certificate/7/results/import?dryRun=false',
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['programmes', 'results', 7] });
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Results file')).not.toBeInTheDocument();
  });

  it('offers no import for a clean file without a score', async () => {
    fetchMock.mockResolvedValueOnce(report({ students: 0, scores: 0 }));
    renderModal();
    await userEvent.setup().upload(fileInput(), csv());
    expect(await screen.findByText('No score to import')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
  });

  it('shows a refused file as the server says it', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          detail: 'The programme has no grading schema; choose one on its edit page first.',
          code: 'CONFLICT',
        },
        409,
      ),
    );
    renderModal();
    await userEvent.setup().upload(fileInput(), csv());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The programme has no grading schema',
    );
  });

  it('builds the template in the browser: the columns, then a row per active student', async () => {
    renderModal();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download template' }));
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [download] = vi.mocked(saveFile).mock.calls[0] ?? [];
    expect(download?.filename).toBe('results-236.csv');
    const bytes = new Uint8Array((await download?.blob.arrayBuffer()) ?? new ArrayBuffer(0));
    // A UTF-8 BOM first, so spreadsheet programs read the names right; text() reads past it.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = (await download?.blob.text()) ?? '';
    expect(text.split('\r\n')).toEqual([
      'jwlId,firstName,lastName,BUS101,BUS102,BUS103',
      '501,Amina,Sol,,,',
      // A would-be formula is written as text; a comma is quoted.
      `502,'=Daniel,"Sol, Jr",,,`,
      '',
    ]);
  });
});
