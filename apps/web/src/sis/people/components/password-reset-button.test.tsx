import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import type * as NotifyModule from '../../../lib/notify';
import { PasswordResetButton } from './password-reset-button';

const holder = vi.hoisted(() => ({ rights: [] as string[] }));
vi.mock('../../../lib/base-data', () => ({
  useCurrentUser: () => ({ applicationRights: holder.rights, applicationRoles: [] }),
}));
const notify = vi.hoisted(() => ({ success: vi.fn(), failure: vi.fn() }));
vi.mock('../../../lib/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof NotifyModule>()),
  notifySuccess: notify.success,
  notifyFailure: notify.failure,
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  notify.success.mockReset();
  notify.failure.mockReset();
});

describe('the password reset link button', () => {
  it('is not shown without PASSWORD_RESET__EDIT', () => {
    holder.rights = ['USER__EDIT'];
    renderWithProviders(<PasswordResetButton personId={10007} name="Amani Gatete" />);
    expect(screen.queryByRole('button', { name: 'Send password reset link' })).toBeNull();
  });

  it('asks first, then sends the link and says so', async () => {
    holder.rights = ['USER__EDIT', 'PASSWORD_RESET__EDIT'];
    fetchMock.mockResolvedValue(jsonResponse({ message: 'sent' }));
    renderWithProviders(<PasswordResetButton personId={10007} name="Amani Gatete" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send password reset link' }));
    expect(await screen.findByText(/Amani Gatete will get an e-mail/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledTimes(1));
    const { url, init } = fetchCall(fetchMock, 0);
    expect(url).toContain('/api/en/user/10007/password-reset');
    expect(init.method).toBe('POST');
    expect(notify.success).toHaveBeenCalledWith(
      'password-reset',
      expect.objectContaining({ success: 'Password reset link sent' }),
    );
  });

  it('sends nothing when cancelled, and says why a refused link was not sent', async () => {
    holder.rights = ['PASSWORD_RESET__EDIT'];
    renderWithProviders(<PasswordResetButton personId={10001} name="Samira Haddad" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send password reset link' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(
      jsonResponse(
        { code: 'ROLE_GRANT_DENIED', detail: 'Only a super admin can change a super admin.' },
        403,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Send password reset link' }));
    await user.click(await screen.findByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(notify.failure).toHaveBeenCalledTimes(1));
    expect(notify.failure).toHaveBeenCalledWith(
      'password-reset',
      expect.stringContaining('Only a super admin can change a super admin.'),
      expect.objectContaining({ failure: 'The password reset link was not sent' }),
    );
    expect(notify.success).not.toHaveBeenCalled();
  });
});
