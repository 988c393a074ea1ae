import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router';
import type { Right } from '@lantern/contracts/rights';
import { BASE_DATA } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { CONVERSIONS, SUMMARY } from '../transfer-in-test-fixtures';
import GradesOut from './grades-out';

// The university representative's rights here: grades out, not transfer in.
const RIGHTS: Right[] = ['BA_TRANSFER_OUT__DISPLAY', 'BA_STUDENT__DISPLAY'];

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  window.localStorage.setItem('authCode', 'token');
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/general/current-user/'))
      return Promise.resolve(
        jsonResponse({ ...BASE_DATA, user: { ...BASE_DATA.user, applicationRights: RIGHTS } }),
      );
    if (url.startsWith('/api/en/programme/bachelor/512/transfer-out/conversions'))
      return Promise.resolve(jsonResponse(CONVERSIONS));
    // What the server answers them on transfer in's own path.
    if (url.startsWith('/api/en/programme/bachelor/512/conversions'))
      return Promise.resolve(
        jsonResponse(
          { code: 'MISSING_RIGHT', detail: 'No.', missingRight: 'BA_TRANSFER_IN__DISPLAY' },
          403,
        ),
      );
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', detail: 'Not found.' }, 404));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('GradesOut', () => {
  it('reads the schemas through transfer out, with the right its section needs', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/en/programme/bachelor/:programme" element={<Outlet context={SUMMARY} />}>
          <Route
            path="transfer-out/transfer-grades-out/:gradingSchemaId?/:courseId?"
            element={<GradesOut />}
          />
        </Route>
      </Routes>,
      { route: '/en/programme/bachelor/512/transfer-out/transfer-grades-out' },
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'The university’s grading schema' }));
    expect(await screen.findByRole('option', { name: 'Percentage', hidden: true })).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([input]) => urlOf(input));
    expect(urls.some((u) => u.includes('/512/transfer-out/conversions'))).toBe(true);
    expect(urls.some((u) => u.includes('/512/conversions'))).toBe(false);
  });
});
