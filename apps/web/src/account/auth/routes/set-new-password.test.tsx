import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import SetNewPasswordRoute from './set-new-password';

const fetchMock = vi.fn<typeof fetch>();

/** The calls that checked a link (the footer asks for the public info besides). */
const checks = () =>
  fetchMock.mock.calls.filter(([input]) => urlOf(input).endsWith('/forgot-password/check'));

/** Answers the link check with `valid`, and the footer's public info. */
function serve(valid: boolean) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      urlOf(input).endsWith('/forgot-password/check')
        ? jsonResponse({ valid })
        : jsonResponse({ version: '5.12.5', helpdeskEmail: null, acceptableUsePath: '/en/a' }),
    ),
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  serve(false);
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
    expect(checks()).toHaveLength(0);
  });

  it('asks whether the link still works, and says so before a password is typed', async () => {
    renderWithProviders(<SetNewPasswordRoute />, { route: '/en/set-new-password#token=abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired',
    );
    expect(screen.queryByText(/this field must be filled/i)).toBeNull();
    expect(checks()).toHaveLength(1);
    expect(checks()[0]?.[1]?.body).toBe(JSON.stringify({ token: 'abc' }));
  });

  it('shows the form for a link that works', async () => {
    serve(true);
    renderWithProviders(<SetNewPasswordRoute />, {
      route: '/en/set-new-password#token=reset-token-0123456789',
    });
    expect(await screen.findByLabelText(/^new password/i)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
