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
import { jsonResponse, renderWithProviders, urlOf } from '../../test/render';
import { Header } from './header';

const session: SessionData = {
  user: currentUserSchema.parse(BASE_DATA.user),
  basicSystemData: basicSystemDataSchema.parse(BASE_DATA.basicSystemData),
  menu: BASE_DATA.menu.map((node) => menuNodeSchema.parse(node)),
  menuError: null,
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
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

describe('Header course flyout', () => {
  const withCourses: SessionData = {
    ...session,
    menu: [{ id: 'course', label: 'Courses', path: null, flyout: 'course', items: [] }],
  };
  const concentrations = (body: Record<string, unknown>) => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).startsWith('/api/general/concentrations')
          ? jsonResponse({
              professional: [],
              bachelor: [],
              language: [],
              orientation: [],
              error: null,
              ...body,
            })
          : jsonResponse({}, 404),
      ),
    );
  };

  it('goes straight to the only programme when there is no orientation', async () => {
    concentrations({
      professional: [
        {
          id: 5,
          code: '105',
          title: 'Nursing',
          programmeType: 'professional',
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          courses: [],
        },
      ],
    });
    renderWithProviders(<Header session={withCourses} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Courses' })).toHaveAttribute(
      'href',
      '/en/programme/professional-certificate/5/overview',
    );
  });

  it('shows the error text of the concentrations as the menu error hint', async () => {
    concentrations({ error: 'Concentrations are not available' });
    renderWithProviders(<Header session={withCourses} />);
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Courses' }));
    expect(
      await screen.findByText(`${ERROR_TEXTS.menuError}: Concentrations are not available`),
    ).toBeInTheDocument();
  });
});
