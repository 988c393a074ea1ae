import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Cohort } from '@lantern/contracts/bachelor-cohorts';
import { COHORT_CODE_TEXTS } from '@lantern/contracts/bachelor-cohorts';
import type { Right } from '@lantern/contracts/rights';
import { BASE_DATA } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import CohortListRoute from './cohort-list';

const cohort = (id: number, code: string, members: number): Cohort => ({
  id,
  code,
  intakeTerm: '2026-fa',
  members,
  lastImportAt: null,
  lastImportFile: null,
  version: 3,
});

const STALE = 'Someone else changed this cohort meanwhile. Reload it and try again.';
let rights: Right[] = [];
const sent: { method: string; url: string; body: unknown }[] = [];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sent.length = 0;
  rights = ['BA_COHORT__DISPLAY', 'BA_COHORT__EDIT', 'BA_COHORT__DELETE'];
  window.localStorage.clear();
  // Signed in, so the user's rights load.
  window.localStorage.setItem('authCode', 'token');
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/general/current-user/'))
      return Promise.resolve(
        jsonResponse({ ...BASE_DATA, user: { ...BASE_DATA.user, applicationRights: rights } }),
      );
    if (method === 'GET' && url.startsWith('/api/en/programme/bachelor/512/cohorts'))
      return Promise.resolve(
        jsonResponse({
          items: [cohort(7, 'BLS-2026', 18), cohort(8, 'BLS-2027', 0)],
          total: 2,
          page: 1,
          limit: 25,
        }),
      );
    sent.push({
      method,
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    if (method === 'PUT')
      return Promise.resolve(jsonResponse({ code: 'CONFLICT', detail: STALE }, 409));
    if (method === 'DELETE' && url.endsWith('/cohorts/7'))
      return Promise.resolve(
        jsonResponse({ code: 'CONFLICT', detail: COHORT_CODE_TEXTS.notEmpty }, 409),
      );
    if (method === 'DELETE') return Promise.resolve(jsonResponse({ ok: true }));
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', detail: 'Not found' }, 404));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function Page() {
  return (
    <Routes>
      <Route path="/en/programme/bachelor/:programme/cohorts/list" element={<CohortListRoute />} />
      <Route
        path="/en/programme/bachelor/:programme/cohorts/import/:cohortId"
        element={<p>Import page</p>}
      />
    </Routes>
  );
}
const ROUTE = '/en/programme/bachelor/512/cohorts/list';

describe('cohorts/list row actions', () => {
  it('changes a cohort at the version seen and shows a 409 as changed by someone else', async () => {
    renderWithProviders(<Page />, { route: ROUTE });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: 'Change BLS-2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change cohort BLS-2026' });
    const code = within(dialog).getByRole('textbox', { name: /Code/ });
    expect(code).toHaveValue('BLS-2026');
    expect(within(dialog).getByRole('textbox', { name: /Intake term/ })).toHaveValue('Fall 2026');

    // The contract checks the field before anything is sent.
    await user.clear(code);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field must be filled')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(code, 'BLS-2026A');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Changed by someone else')).toBeInTheDocument();
    expect(within(dialog).getByText(STALE)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/api/en/programme/bachelor/512/cohorts/7',
        body: { code: 'BLS-2026A', intakeTerm: '2026-fa', version: 3 },
      },
    ]);
    // The button did not also open the row's import.
    expect(screen.queryByText('Import page')).not.toBeInTheDocument();
  });

  it('deletes after a confirmation, and shows the server’s refusal for a cohort with students', async () => {
    renderWithProviders(<Page />, { route: ROUTE });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: 'Delete BLS-2026' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete cohort BLS-2026?' });
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(COHORT_CODE_TEXTS.notEmpty)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    await user.click(screen.getByRole('button', { name: 'Delete BLS-2027' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete cohort BLS-2027?' });
    // The earlier refusal is not carried over.
    expect(within(dialog).queryByText(COHORT_CODE_TEXTS.notEmpty)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'DELETE /api/en/programme/bachelor/512/cohorts/7',
      'DELETE /api/en/programme/bachelor/512/cohorts/8',
    ]);
  });

  it('offers neither action without BA_COHORT__EDIT and BA_COHORT__DELETE', async () => {
    rights = ['BA_COHORT__DISPLAY'];
    renderWithProviders(<Page />, { route: ROUTE });
    expect(await screen.findByText('BLS-2027')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Change|Delete) / })).not.toBeInTheDocument();
  });

  it('offers only the action whose right is held', async () => {
    rights = ['BA_COHORT__DISPLAY', 'BA_COHORT__DELETE'];
    renderWithProviders(<Page />, { route: ROUTE });
    expect(await screen.findByRole('button', { name: 'Delete BLS-2026' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change BLS-2026' })).not.toBeInTheDocument();
  });

  it('names the actions column for screen readers', async () => {
    rights = ['BA_COHORT__DISPLAY', 'BA_COHORT__EDIT'];
    renderWithProviders(<Page />, { route: ROUTE });
    expect(await screen.findByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });
});
