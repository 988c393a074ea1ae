import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchCall, jsonResponse, urlOf, renderWithProviders } from '../../../test/render';
import { RolePicker } from './role-picker';

const fetchMock = vi.fn<typeof fetch>();
const ROLES = {
  possibleApplicationRoles: [
    { key: 'ADMIN', label: 'Admin', scope: 'all_clcs', active: true },
    { key: 'COORDINATOR', label: 'Coordinator', scope: 'own_clcs', active: false },
  ],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RolePicker', () => {
  it('posts exactly one chosen role as a JSON list in the form field roles', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).includes('userApplicationRoles')
          ? jsonResponse(ROLES)
          : new Response(null, { status: 204 }),
      ),
    );
    const onChanged = vi.fn();
    renderWithProviders(<RolePicker onChanged={onChanged} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: /admin/i })).toBeChecked();
    expect(screen.getByRole('button', { name: /use this role/i })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /coordinator/i }));
    await user.click(screen.getByRole('button', { name: /use this role/i }));

    await vi.waitFor(() => {
      expect(onChanged).toHaveBeenCalled();
    });
    const { url, init } = fetchCall(fetchMock, 1);
    expect(url).toBe('/api/en/profile/rights-for-selected-roles');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect((init.body as URLSearchParams).get('roles')).toBe('["COORDINATOR"]');
  });

  it('shows a failure as a roles error', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).includes('userApplicationRoles')
          ? jsonResponse(ROLES)
          : jsonResponse({ detail: 'This role is not yours.', code: 'FORBIDDEN' }, 403),
      ),
    );
    renderWithProviders(<RolePicker />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /coordinator/i }));
    await user.click(screen.getByRole('button', { name: /use this role/i }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Roles error');
    expect(alert).toHaveTextContent('This role is not yours.');
  });
});
