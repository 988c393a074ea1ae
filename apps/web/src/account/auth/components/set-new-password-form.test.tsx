import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { SetNewPasswordForm } from './set-new-password-form';

const fetchMock = vi.fn<typeof fetch>();
const TOKEN = 'reset-token-0123456789';

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  window.history.replaceState(null, '', `/en/set-new-password?from=mail#token=${TOKEN}`);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

async function setPassword() {
  renderWithProviders(<SetNewPasswordForm token={TOKEN} />, { route: '/en/set-new-password' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^new password/i), 'a-longer-secret');
  await user.type(screen.getByLabelText(/repeat the new password/i), 'a-longer-secret');
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('SetNewPasswordForm', () => {
  it('drops the used token from the address after the reset', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Your password has been set.' }));
    await setPassword();
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been set.');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname + window.location.search).toBe(
      '/en/set-new-password?from=mail',
    );
    expect(fetchCall(fetchMock, 0).init.body).toBe(
      JSON.stringify({ token: TOKEN, password: 'a-longer-secret' }),
    );
  });

  it('keeps the token in the address when the reset fails, so the page can be reloaded', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ detail: 'This link has expired.', code: 'TOKEN_INVALID' }, 400),
    );
    await setPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
    expect(window.location.hash).toBe(`#token=${TOKEN}`);
  });
});
