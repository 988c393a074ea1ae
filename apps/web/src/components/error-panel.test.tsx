import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { jsonResponse, renderWithProviders } from '../test/render';
import { ErrorPanel } from './error-panel';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(jsonResponse({ possibleApplicationRoles: [] }));
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Report a problem', () => {
  it('is on the error panel and leads to the support form, saying from which page', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/en/programme/9" element={<ErrorPanel variant="generic" />} />
        <Route path="/en/support_issue" element={<p>Support form</p>} />
      </Routes>,
      { route: '/en/programme/9' },
    );
    const link = screen.getByRole('link', { name: 'Report a problem' });
    expect(link).toHaveAttribute('href', '/en/support_issue?issueType=system-error');
    await userEvent.setup().click(link);
    expect(await screen.findByText('Support form')).toBeInTheDocument();
  });

  it('is not offered on the study break, when the server itself is away', () => {
    renderWithProviders(<ErrorPanel variant="studyBreak" />);
    expect(screen.queryByRole('link', { name: 'Report a problem' })).toBeNull();
  });
});
