import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { loadPage, reloadPage } from '../../lib/page';
import { BASE_DATA } from '../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../test/render';
import AppLayout from './app-layout';

vi.mock('../../lib/page', () => ({ reloadPage: vi.fn(), loadPage: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function renderShell() {
  return renderWithProviders(
    <Routes>
      <Route path="/en/login" element={<p>Sign-in page</p>} />
      <Route element={<AppLayout />}>
        <Route path="/en/home" element={<p>Start page</p>} />
      </Route>
    </Routes>,
    { route: '/en/home?tab=1' },
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(reloadPage).mockClear();
  vi.mocked(loadPage).mockClear();
});

/** A member of staff: a student's start page is their learning home (mode.test.tsx). */
const STAFF = {
  ...BASE_DATA,
  user: { ...BASE_DATA.user, applicationRights: ['GENERAL_SIS__DISPLAY'] },
};
const answerBaseData = () => {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      urlOf(input).startsWith('/api/general/current-user/sis')
        ? jsonResponse(STAFF)
        : jsonResponse({ version: '5.12.5' }),
    ),
  );
};
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AppLayout (startup)', () => {
  it('without a session, remembers the address and goes to sign-in', async () => {
    renderShell();
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(localStorage.getItem('REDIRECT_URL')).toBe('/en/home?tab=1');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the study break when the server fails', async () => {
    localStorage.setItem('authCode', 'token');
    fetchMock.mockResolvedValue(jsonResponse({ detail: 'Internal error', code: 'INTERNAL' }, 503));
    renderShell();
    expect(
      await screen.findByRole('heading', { name: ERROR_TEXTS.studyBreakHeadline }),
    ).toBeInTheDocument();
    expect(screen.getByText(ERROR_TEXTS.studyBreakText)).toBeInTheDocument();
  });

  it('ends a stale impersonation with a page load instead of showing an error', async () => {
    localStorage.setItem('authCode', 'token');
    localStorage.setItem('impersonateUsername', 'gone-user');
    fetchMock.mockResolvedValue(
      jsonResponse(
        { detail: 'There is no user "gone-user" to act as.', code: 'IMPERSONATION_DENIED' },
        403,
      ),
    );
    renderShell();
    await vi.waitFor(() => {
      expect(loadPage).toHaveBeenCalledWith('/en/home');
    });
    expect(localStorage.getItem('impersonateUsername')).toBeNull();
    expect(localStorage.getItem('authCode')).toBe('token');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('on another refusal (404), remembers the address and goes to sign-in', async () => {
    localStorage.setItem('authCode', 'token');
    fetchMock.mockResolvedValue(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
    renderShell();
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(localStorage.getItem('REDIRECT_URL')).toBe('/en/home?tab=1');
    expect(reloadPage).not.toHaveBeenCalled();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('keeps the page when a background reload of the base data fails', async () => {
    localStorage.setItem('authCode', 'token');
    answerBaseData();
    const { queryClient } = renderShell();
    expect(await screen.findByText('Start page')).toBeInTheDocument();
    fetchMock.mockResolvedValue(jsonResponse({ detail: 'Internal error', code: 'INTERNAL' }, 503));
    await queryClient.refetchQueries({ queryKey: ['base-data'] });
    expect(queryClient.getQueryState(['base-data', 'sis'])?.status).toBe('error');
    expect(screen.getByText('Start page')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: ERROR_TEXTS.studyBreakHeadline }),
    ).not.toBeInTheDocument();
  });

  it('loads the base data and shows header, page and footer', async () => {
    localStorage.setItem('authCode', 'token');
    answerBaseData();
    renderShell();
    expect(await screen.findByText('Start page')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getUTCFullYear()}`);
    expect(screen.getByRole('button', { name: 'Account of Amani Gatete' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /impersonate/i })).not.toBeInTheDocument();
  });
});
