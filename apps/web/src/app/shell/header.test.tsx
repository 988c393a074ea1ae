import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  basicSystemDataSchema,
  currentUserSchema,
  menuNodeSchema,
} from '@lantern/contracts/current-user';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { clearErrors, recordError } from '../../lib/app-store';
import type { SessionData } from '../../lib/base-data';
import { BASE_DATA } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { atLaptopWidth } from '../../test/viewport';
import { Header } from './header';

const session: SessionData = {
  user: currentUserSchema.parse(BASE_DATA.user),
  basicSystemData: basicSystemDataSchema.parse(BASE_DATA.basicSystemData),
  menu: BASE_DATA.menu.map((node) => menuNodeSchema.parse(node)),
  menuError: null,
};

const fetchMock = vi.fn<typeof fetch>();

/** Every box is `need` px wide inside `room` px: the nav bar's menu overflows when need > room. */
function withWidths(need: number, room: number): void {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(need);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(room);
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearErrors();
});
afterEach(() => {
  clearErrors();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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

describe('Header menu: one rule for the burger, the nav bar and the drawer', () => {
  it('on a phone shows the burger, and the burger opens the drawer', async () => {
    renderWithProviders(<Header session={session} />);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open the menu' }));
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  });

  it('on a laptop where the menu fits shows the nav bar and no burger', () => {
    atLaptopWidth();
    withWidths(600, 900);
    renderWithProviders(<Header session={session} />);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open the menu' })).not.toBeInTheDocument();
  });

  it('on a laptop where the menu overflows opens the drawer that the burger offers', async () => {
    atLaptopWidth();
    withWidths(1400, 900);
    renderWithProviders(<Header session={session} />);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open the menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    // No breakpoint hides the drawer (it was hidden from lg on while the burger showed there).
    expect(drawer.closest('[class*="hidden-from"]')).toBeNull();
    expect(within(drawer).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});

describe('Header drawer groups', () => {
  it('are buttons a keyboard opens, saying whether they are open', async () => {
    renderWithProviders(
      <Header
        session={{
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
        }}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const group = within(drawer).getByRole('button', { name: 'Classes' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    group.focus();
    await user.keyboard('{Enter}');
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(await within(drawer).findByRole('link', { name: /105 Nursing/ })).toHaveAttribute(
      'href',
      '/en/programme/professional-certificate/5/classes',
    );
  });
});

describe('Header course and class flyouts', () => {
  beforeEach(atLaptopWidth);

  it('goes straight to the only programme the server gives as a path', async () => {
    const withCourses: SessionData = {
      ...session,
      menu: [
        {
          id: 'course',
          label: 'Courses',
          path: 'programme/professional-certificate/5/overview',
          flyout: 'course',
          children: [],
        },
      ],
    };
    renderWithProviders(<Header session={withCourses} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Courses' })).toHaveAttribute(
      'href',
      '/en/programme/professional-certificate/5/overview',
    );
  });

  it('lists the programmes of a flyout under their groups, each a link', async () => {
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
    renderWithProviders(<Header session={withClasses} />);
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Classes' }));
    expect(await screen.findByText('Short term academic programme')).toBeInTheDocument();
    expect((await screen.findByText('105 Nursing')).closest('a')).toHaveAttribute(
      'href',
      '/en/programme/professional-certificate/5/classes',
    );
  });

  it('shows the empty-submenu hint for a flyout with nothing in it', async () => {
    renderWithProviders(
      <Header
        session={{
          ...session,
          menu: [{ id: 'class', label: 'Classes', path: null, flyout: 'class', children: [] }],
        }}
      />,
    );
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Classes' }));
    expect(await screen.findByText(ERROR_TEXTS.emptySubmenu)).toBeInTheDocument();
  });
});
