import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  basicSystemDataSchema,
  currentUserSchema,
  menuNodeSchema,
} from '@lantern/contracts/current-user';
import { clearErrors, recordError } from '../../lib/app-store';
import type { SessionData } from '../../lib/base-data';
import { BASE_DATA } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { Header } from './header';

const session: SessionData = {
  user: currentUserSchema.parse(BASE_DATA.user),
  basicSystemData: basicSystemDataSchema.parse(BASE_DATA.basicSystemData),
  menu: BASE_DATA.menu.map((node) => menuNodeSchema.parse(node)),
  menuError: null,
};

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>());
  clearErrors();
});
afterEach(() => {
  clearErrors();
  vi.unstubAllGlobals();
});

describe('Header', () => {
  it('shows the report-error link only when errors are recorded', () => {
    renderWithProviders(<Header session={session} />);
    expect(screen.queryByRole('link', { name: 'Report error' })).not.toBeInTheDocument();
  });

  it('closes the phone menu when the report-error link in it is followed', async () => {
    recordError('500 /api/en/home/summary: Internal error');
    renderWithProviders(<Header session={session} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const link = within(drawer).getByRole('link', { name: 'Report error' });
    expect(link).toHaveAttribute('href', '/en/support_issue?issueType=system-error');
    await user.click(link);
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    });
  });
});
