import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { ChangePasswordForm } from './change-password-form';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'old-token');
  localStorage.setItem('refreshCode', 'old-refresh');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function changePassword() {
  renderWithProviders(<ChangePasswordForm isImpersonating={false} />, {
    route: '/en/profile/change-password',
  });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/current password/i), 'lantern-demo');
  await user.type(screen.getByLabelText(/^new password/i), 'a-longer-secret');
  await user.type(screen.getByLabelText(/repeat the new password/i), 'a-longer-secret');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('stores the new sign-in the server opens for this device and shows its message', async () => {
    const message = 'Your password was changed. You were signed out on your other devices.';
    fetchMock.mockResolvedValue(
      jsonResponse({ token: 'new-token', refresh_token: 'new-refresh', message }),
    );
    await changePassword();
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    expect(localStorage.getItem('authCode')).toBe('new-token');
    expect(localStorage.getItem('refreshCode')).toBe('new-refresh');
    const { url, init } = fetchCall(fetchMock, 0);
    expect(url).toBe('/api/en/profile/change-password');
    expect(init.body).toBe('{"currentPassword":"lantern-demo","newPassword":"a-longer-secret"}');
  });

  it('keeps the old tokens when the change is refused', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          detail: 'The current password is not correct.',
          code: 'VALIDATION',
          fields: { currentPassword: 'The current password is not correct.' },
        },
        400,
      ),
    );
    await changePassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The current password is not correct.',
    );
    expect(localStorage.getItem('authCode')).toBe('old-token');
    expect(localStorage.getItem('refreshCode')).toBe('old-refresh');
  });
});
