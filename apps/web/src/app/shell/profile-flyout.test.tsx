import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUserSchema } from '@lantern/contracts/current-user';
import { BASE_DATA } from '../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { ProfileFlyout } from './profile-flyout';

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
  it('is in the profile flyout, so the support form is reachable while signed in', async () => {
    renderWithProviders(<ProfileFlyout user={currentUserSchema.parse(BASE_DATA.user)} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /^Account of/ }));
    // The dropdown is still fading in (jsdom runs no transitions): find the words, then the link.
    const text = await screen.findByText('Report a problem');
    expect(text.closest('a')).toHaveAttribute('href', '/en/support_issue');
  });
});
