import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { saveFile } from '../../../lib/save-file';
import { CohortImportHelp } from './cohort-import-help';

vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));

afterEach(() => {
  vi.mocked(saveFile).mockReset();
});

describe('CohortImportHelp', () => {
  it('offers a template whose header row is the columns the import recognises', async () => {
    renderWithProviders(<CohortImportHelp cohortCode="BA-2026" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download template' }));
    const [download] = vi.mocked(saveFile).mock.calls[0] ?? [];
    expect(download?.filename).toBe('cohort-BA-2026-template.csv');
    const bytes = new Uint8Array((await download?.blob.arrayBuffer()) ?? new ArrayBuffer(0));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await download?.blob.text()).toBe(
      'jwlId,firstName,lastName,email,phone,birthDate,gender,clcCode\r\n',
    );
  });

  it('lists the gender values the import accepts, and the date formats', () => {
    renderWithProviders(<CohortImportHelp cohortCode="BA-2026" />);
    expect(screen.getByText('m, male, ذكر')).toBeInTheDocument();
    expect(screen.getByText('f, female, أنثى, انثى')).toBeInTheDocument();
    expect(screen.getByText('o, other, آخر, اخر')).toBeInTheDocument();
    expect(screen.getByText(/YYYY-MM-DD, DD\/MM\/YYYY or MM\/DD\/YYYY/)).toBeInTheDocument();
  });
});
