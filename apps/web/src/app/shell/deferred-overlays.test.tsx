import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  basicSystemDataSchema,
  currentUserSchema,
  menuNodeSchema,
} from '@lantern/contracts/current-user';
import type { SessionData } from '../../lib/base-data';
import { BASE_DATA } from '../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../test/render';
import { atLaptopWidth } from '../../test/viewport';
import { Header } from './header';
import { RolePickerModal } from './role-picker-modal';
import { VersionCheck } from './version-check';

// The header's menus, account flyout and modals load their code when first used
// (deferred-control.ts); the first use must work as every later one. jsdom has no layout, so
// Floating UI soon hides a dropdown as detached: after the first look, the tests read the
// button's aria-expanded, or query with hidden: true.

const session: SessionData = {
  user: currentUserSchema.parse(BASE_DATA.user),
  basicSystemData: basicSystemDataSchema.parse(BASE_DATA.basicSystemData),
  menu: BASE_DATA.menu.map((node) => menuNodeSchema.parse(node)),
  menuError: null,
};

const withClasses: SessionData = {
  ...session,
  menu: [
    {
      id: 'class',
      label: 'Classes',
      path: null,
      flyout: 'class',
      children: [
        {
          id: 'class-professional',
          label: 'Short term academic programme',
          path: null,
          children: [
            {
              id: 'class-professional-5',
              label: '105 Nursing',
              path: 'programme/professional-certificate/5/classes',
            },
          ],
        },
      ],
    },
  ],
};

const ROLES = {
  possibleApplicationRoles: [
    { key: 'STUDENT', label: 'Student', scope: 'own_records', active: true },
    { key: 'FACILITATOR', label: 'Facilitator', scope: 'own_clcs', active: false },
  ],
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  atLaptopWidth();
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      urlOf(input).includes('/profile/userApplicationRoles')
        ? jsonResponse(ROLES)
        : jsonResponse({
            total: 0,
            gradeComments: 0,
            announcements: 0,
            undoPublishRequests: 0,
            discussionReplies: 0,
            dropoutFlags: 0,
          }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Deferred header controls', () => {
  it('shows a dropdown as a menu button before its code is loaded', () => {
    renderWithProviders(<Header session={withClasses} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const button = within(nav).getByRole('button', { name: 'Classes' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a dropdown on the first press with the focus in it, and keeps it open', async () => {
    renderWithProviders(<Header session={withClasses} />);
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Classes' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    const loaded = within(nav).getByRole('button', { name: 'Classes' });
    expect(loaded).toHaveAttribute('aria-expanded', 'true');
    // Its focus trap took the focus from the button, as on any press of a loaded menu.
    expect(screen.getByRole('menu', { hidden: true })).toContainElement(
      document.activeElement as HTMLElement,
    );
    // A press opens "via click": moving the pointer away does not close it.
    await user.unhover(loaded);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(loaded).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens a dropdown on the first hover', async () => {
    renderWithProviders(<Header session={withClasses} />);
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.hover(within(nav).getByRole('button', { name: 'Classes' }));
    expect((await screen.findByText('105 Nursing')).closest('a')).toHaveAttribute(
      'href',
      '/en/programme/professional-certificate/5/classes',
    );
  });

  it('opens the account flyout on the first press of the avatar, with sign-out and the roles', async () => {
    renderWithProviders(<Header session={session} />);
    const user = userEvent.setup();
    const name = `${session.user.firstName} ${session.user.lastName}`;
    const avatar = screen.getByRole('button', { name: `Account of ${name}` });
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    await user.click(avatar);
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(
      await screen.findByRole('radio', { name: /Facilitator/, hidden: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Account of ${name}` })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('opens the role picker with Ctrl+Q', async () => {
    renderWithProviders(<RolePickerModal />);
    const user = userEvent.setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{Control>}q{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Choose your role' });
    expect(await within(dialog).findByRole('radio', { name: /Student/ })).toBeChecked();
  });

  it('asks for a reload when the server runs another version, and "Later" closes it', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ version: '99.0.0' })));
    renderWithProviders(<VersionCheck />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'A new version is available' });
    expect(within(dialog).getByText(/Lantern 99\.0\.0 is out/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('shows no version modal while the server runs this version', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ version: '5.12.5' })));
    renderWithProviders(<VersionCheck />);
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
