import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { jsonResponse, renderWithProviders, urlOf } from '../../test/render';
import AppLayout from './app-layout';

const fetchMock = vi.fn<typeof fetch>();

const BASE_DATA = {
  user: {
    id: 10004,
    username: 'student',
    firstName: 'Amani',
    lastName: 'Gatete',
    email: null,
    profilePhoto: null,
    role: 'user',
    employeeType: null,
    gender: null,
    applicationRoles: ['STUDENT'],
    activeRole: 'STUDENT',
    roleScope: 'own_records',
    applicationRights: ['GENERAL_LMS__DISPLAY'],
    clcs: [],
    allClcs: [],
    canImpersonate: false,
    impersonated: false,
    impersonatedBy: null,
  },
  menu: [{ id: 'home', label: 'Home', path: 'home' }],
  basicSystemData: {
    version: '5.12.5',
    maxFileSize: '512mb',
    maxFileSizeBytes: 536870912,
    mode: 'sis',
    locale: 'en',
    year: 2026,
    helpdeskEmail: null,
    enumerations: {},
  },
};

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
});
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

  it('loads the base data and shows header, page and footer', async () => {
    localStorage.setItem('authCode', 'token');
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).startsWith('/api/general/current-user/sis')
          ? jsonResponse(BASE_DATA)
          : jsonResponse({ version: '5.12.5' }),
      ),
    );
    renderShell();
    expect(await screen.findByText('Start page')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getUTCFullYear()}`);
    expect(screen.getByRole('button', { name: 'Account of Amani Gatete' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /impersonate/i })).not.toBeInTheDocument();
  });
});
