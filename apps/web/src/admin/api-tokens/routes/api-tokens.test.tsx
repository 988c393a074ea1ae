import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultApiTokenExpiry, type ApiToken } from '@lantern/contracts/bachelor-integration';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import ApiTokensRoute from './api-tokens';

const TOKEN = `lnt_${'x'.repeat(43)}`;
const token = (patch: Partial<ApiToken> = {}): ApiToken => ({
  id: 7,
  userId: 30,
  userName: 'Integration Account',
  username: 'api_user',
  name: 'University sync',
  prefix: 'lnt_abcdefgh',
  createdAt: '2026-11-01T10:00:00.000Z',
  createdByName: 'Daniel Admin',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  state: 'active',
  ...patch,
});

const fetchMock = vi.fn<typeof fetch>();
const posted: { url: string; body: unknown }[] = [];
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  posted.length = 0;
  localStorage.setItem('authCode', 'token');
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (init?.method === 'POST')
      posted.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
    if (url.startsWith('/api/en/api-tokens/users'))
      return Promise.resolve(
        jsonResponse({ items: [{ id: 30, name: 'Integration Account', username: 'api_user' }] }),
      );
    if (url.endsWith('/revoke')) return Promise.resolve(jsonResponse(token({ state: 'revoked' })));
    if (url.startsWith('/api/en/api-tokens') && init?.method === 'POST')
      return Promise.resolve(jsonResponse({ token: TOKEN, item: token() }));
    if (url.startsWith('/api/en/api-tokens'))
      return Promise.resolve(jsonResponse({ items: [token()], total: 1, page: 1, limit: 25 }));
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', detail: 'Not found' }, 404));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The options list a select's input opens (two selects here list the same user). */
async function listboxOf(input: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('the options are not open');
    return list;
  });
}

describe('API tokens page', () => {
  it('creates a token and shows it once', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ApiTokensRoute />, { route: '/en/api-tokens' });
    expect(await screen.findByText('University sync')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New token' }));
    const form = await screen.findByRole('form', { name: 'New API token' });
    const picker = within(form).getByRole('textbox', { name: /Integration user/ });
    await user.click(picker);
    await user.click(
      await within(await listboxOf(picker)).findByRole('option', {
        name: 'Integration Account (api_user)',
        hidden: true,
      }),
    );
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Registrar sync');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await screen.findByLabelText('The new token')).toHaveTextContent(TOKEN);
    expect(posted[0]).toEqual({
      url: '/api/en/api-tokens',
      // Every new token ends: a year from today unless another day is chosen.
      body: { userId: 30, name: 'Registrar sync', expiresOn: defaultApiTokenExpiry() },
    });
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => {
      expect(screen.queryByLabelText('The new token')).toBeNull();
    });
  });

  it('flags a live token without an expiry, not one that ends or is revoked', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        jsonResponse({
          items: [
            token({ id: 1, name: 'Old sync' }),
            token({ id: 2, name: 'New sync', expiresAt: '2027-12-01T23:59:59.999Z' }),
            token({
              id: 3,
              name: 'Gone sync',
              state: 'revoked',
              revokedAt: '2026-11-02T10:00:00Z',
            }),
          ],
          total: 3,
          page: 1,
          limit: 25,
        }),
      ),
    );
    renderWithProviders(<ApiTokensRoute />, { route: '/en/api-tokens' });
    const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    expect(await screen.findByText('Old sync')).toBeTruthy();
    expect(within(row('Old sync')).getByText('Never expires')).toBeTruthy();
    expect(within(row('New sync')).queryByText('Never expires')).toBeNull();
    expect(within(row('Gone sync')).queryByText('Never expires')).toBeNull();
    expect(screen.getAllByText('Never expires')).toHaveLength(1);
  });

  it('checks the form before sending', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ApiTokensRoute />, { route: '/en/api-tokens' });
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const form = await screen.findByRole('form', { name: 'New API token' });
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('This field must be filled')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('filters the list by the token’s user, picked among those holding a token', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ApiTokensRoute />, { route: '/en/api-tokens' });
    expect(await screen.findByText('University sync')).toBeTruthy();
    const picker = screen.getByRole('textbox', { name: 'User' });
    await user.click(picker);
    await user.click(
      await within(await listboxOf(picker)).findByRole('option', {
        name: 'Integration Account (api_user)',
        hidden: true,
      }),
    );
    const urls = () => fetchMock.mock.calls.map(([input]) => urlOf(input));
    await waitFor(() => {
      expect(
        urls().some((u) => u.startsWith('/api/en/api-tokens?') && u.includes('userId=30')),
      ).toBe(true);
    });
    // The choices come from the users holding a token, not those who may get one.
    expect(urls().some((u) => u.startsWith('/api/en/api-tokens/users?kind=holders'))).toBe(true);
  });

  it('revokes after a confirmation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ApiTokensRoute />, { route: '/en/api-tokens' });
    await user.click(await screen.findByRole('button', { name: 'Revoke University sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => {
      expect(posted.map((p) => p.url)).toEqual(['/api/en/api-tokens/7/revoke']);
    });
  });
});
