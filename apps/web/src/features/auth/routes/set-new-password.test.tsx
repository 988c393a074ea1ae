import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import SetNewPasswordRoute from './set-new-password';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SetNewPasswordRoute', () => {
  it('says a link without a token is invalid or has expired, and leads to a new one', async () => {
    renderWithProviders(<SetNewPasswordRoute />, { route: '/en/set-new-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/en/forgot-password',
    );
    expect(screen.queryByLabelText(/^new password/i)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks whether the link still works, and says so before a password is typed', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ valid: false }));
    renderWithProviders(<SetNewPasswordRoute />, { route: '/en/set-new-password#token=abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired',
    );
    expect(screen.queryByText(/this field must be filled/i)).toBeNull();
    expect(fetchCall(fetchMock, 0).url).toMatch(/\/forgot-password\/check$/);
    expect(fetchCall(fetchMock, 0).init.body).toBe(JSON.stringify({ token: 'abc' }));
  });

  it('shows the form for a link that works', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ valid: true }));
    renderWithProviders(<SetNewPasswordRoute />, {
      route: '/en/set-new-password#token=reset-token-0123456789',
    });
    expect(await screen.findByLabelText(/^new password/i)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
