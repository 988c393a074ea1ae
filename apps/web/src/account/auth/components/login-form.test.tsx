import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGIN_MESSAGES, VALIDATION } from '@lantern/contracts/messages';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function signIn(onSuccess = vi.fn()) {
  renderWithProviders(<LoginForm onSuccess={onSuccess} />, { route: '/en/login' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/username/i), 'coordinator');
  await user.type(screen.getByLabelText(/password/i), 'lantern-demo');
  await user.click(screen.getByRole('button', { name: /sign in/i }));
  return onSuccess;
}

describe('LoginForm', () => {
  it('posts the credentials and hands over the tokens', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ token: 't', refresh_token: 'r' }));
    const onSuccess = await signIn();
    await vi.waitFor(() => {
      expect(onSuccess).toHaveBeenCalledWith({ token: 't', refresh_token: 'r' });
    });
    const { url, init } = fetchCall(fetchMock, 0);
    expect(url).toBe('/api/login_check');
    expect(init.body).toBe('{"username":"coordinator","password":"lantern-demo"}');
  });

  it('shows the spec text for wrong credentials', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ detail: 'Invalid credentials', code: 'INVALID_CREDENTIALS' }, 401),
    );
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_MESSAGES.invalid);
  });

  it('shows the server text when there is no response', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_MESSAGES.noResponse);
  });

  it('shows when to try again after too many attempts', async () => {
    const detail = 'Too many sign-in attempts. Please try again in 14 minutes.';
    fetchMock.mockResolvedValue(
      jsonResponse({ detail, code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 840 }, 429),
    );
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
  });

  it('asks for both fields before calling the server', async () => {
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />, { route: '/en/login' });
    await userEvent.setup().click(screen.getByRole('button', { name: /sign in/i }));
    expect(await screen.findByText(VALIDATION.required)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION.password)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
