import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { currentTermYear } from '@lantern/contracts/bachelor';
import CohortNewRoute from './cohort-new';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Page() {
  return (
    <Routes>
      <Route path="/en/programme/bachelor/:programme/cohorts/new" element={<CohortNewRoute />} />
      <Route
        path="/en/programme/bachelor/:programme/cohorts/import/:cohortId"
        element={<p>Import page</p>}
      />
    </Routes>
  );
}

describe('cohorts/new', () => {
  it('checks the fields with the contract, shows the server’s message, then opens the import', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(
          {
            code: 'VALIDATION',
            detail: 'Code: taken',
            fields: { code: 'This programme has a cohort with this code already' },
          },
          400,
        ),
      )
      .mockResolvedValueOnce(
        jsonResponse({
          id: 41,
          code: 'BLS-2031',
          intakeTerm: '2031-fa',
          members: 0,
          lastImportAt: null,
          lastImportFile: null,
          version: 1,
        }),
      );
    renderWithProviders(<Page />, { route: '/en/programme/bachelor/512/cohorts/new' });
    const user = userEvent.setup();
    // The intake term is chosen by its name, this year's fall by default.
    const term = screen.getByRole('textbox', { name: /Intake term/ });
    expect(term).toHaveValue(`Fall ${currentTermYear()}`);
    await user.click(screen.getByRole('button', { name: 'Create cohort' }));
    expect(await screen.findByText('This field must be filled')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /Code/ }), 'BLS-2031');
    await user.click(term);
    await user.click(
      screen.getByRole('option', { name: `Spring ${currentTermYear() + 1}`, hidden: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Create cohort' }));
    expect(
      await screen.findByText('This programme has a cohort with this code already'),
    ).toBeInTheDocument();
    const sent = fetchCall(fetchMock, 0);
    expect(sent.url).toBe('/api/en/programme/bachelor/512/cohorts');
    expect(JSON.parse(sent.init.body as string)).toEqual({
      code: 'BLS-2031',
      intakeTerm: `${currentTermYear() + 1}-sp`,
    });

    await user.click(screen.getByRole('button', { name: 'Create cohort' }));
    expect(await screen.findByText('Import page')).toBeInTheDocument();
  });
});
