import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { ImpersonationSearch } from './impersonation-search';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ImpersonationSearch', () => {
  it('asks for 4 letters and does not search with 3', async () => {
    renderWithProviders(<ImpersonationSearch />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /impersonate a user/i }), 'coo');
    expect(await screen.findByText(ERROR_TEXTS.impersonationSearchTooShort)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('searches from 4 letters on and lists the users found', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse([{ id: 1002, username: 'coordinator', firstName: 'Amina', lastName: 'Yusuf' }]),
    );
    renderWithProviders(<ImpersonationSearch />);
    await userEvent
      .setup()
      .type(screen.getByRole('textbox', { name: /impersonate a user/i }), 'coor');
    expect(await screen.findByText('Amina Yusuf (coordinator, 1002)')).toBeInTheDocument();
    const { url, init } = fetchCall(fetchMock, 0);
    expect(url).toBe('/api/general/impersonators/coor');
    expect(init.method).toBe('POST');
  });
});
