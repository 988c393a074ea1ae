import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DirectionProvider } from '@mantine/core';
import {
  basicSystemDataSchema,
  currentUserSchema,
  menuNodeSchema,
} from '@lantern/contracts/current-user';
import type { SessionData } from '../../lib/base-data';
import { applyLanguage, i18n } from '../../lib/i18n';
import en from '../../locales/en.json';
import { BASE_DATA } from '../../test/fixtures';
import {
  PSEUDO_CLOSE,
  PSEUDO_LANGUAGE,
  PSEUDO_OPEN,
  PSEUDO_RESOURCE,
  pseudoLocalise,
} from '../../test/pseudo-locale';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { atLaptopWidth, matchMediaAt } from '../../test/viewport';
import { Header } from './header';

/** An lms header as a holder of both modes sees it: every kind of menu node and the switch. */
const item = (id: string, code: string, label: string, type: 'orientation' | 'other') => ({
  id,
  code,
  label,
  startDate: '2026-01-05',
  endDate: '2026-07-24',
  type,
});
const MENU = [
  { id: 'home', label: 'Home', path: 'learning' },
  {
    id: 'course',
    label: 'Courses',
    path: null,
    flyout: 'course' as const,
    children: [
      {
        id: 'course-professional',
        label: 'Short term academic programme',
        path: null,
        children: [
          {
            id: 'course-professional-4',
            label: '105 Community health',
            path: 'concentration_home/4',
            item: item('programme-4', '105', 'Community health', 'other'),
          },
        ],
      },
      {
        id: 'course-orientation',
        label: 'Orientation',
        path: null,
        children: [
          {
            id: 'course-orientation-9',
            label: 'OR1 Welcome',
            path: 'orientation_course/31',
            item: item('programme-9', 'OR1', 'Welcome', 'orientation'),
          },
        ],
      },
    ],
  },
  {
    id: 'class',
    label: 'Classes',
    path: null,
    flyout: 'class' as const,
    children: [
      { id: 'class-all', label: 'All my classes', path: 'class_root' },
      {
        id: 'class-bachelor',
        label: 'Academic certificate and degree',
        path: null,
        children: [
          {
            id: 'class-bachelor-7',
            label: '210 Group A',
            path: 'class/7',
            item: item('class-7', '210', 'Group A', 'other'),
          },
        ],
      },
    ],
  },
  { id: 'progress', label: 'Progress', path: 'track' },
];
const session: SessionData = {
  user: currentUserSchema.parse({
    ...BASE_DATA.user,
    applicationRights: ['GENERAL_LMS__DISPLAY', 'GENERAL_SIS__DISPLAY', 'CLASSROOM__DISPLAY'],
  }),
  basicSystemData: basicSystemDataSchema.parse({ ...BASE_DATA.basicSystemData, mode: 'lms' }),
  menu: MENU.map((node) => menuNodeSchema.parse(node)),
  menuError: null,
};

/** What is not text of the app: the person's initials, programme and class entries (data), and
 * the product's name in the logo (a name, the same in every language). */
const DATA = new Set(['AG', '105 Community health', 'OR1 Welcome', '210 Group A', 'Lantern']);

/** Every visible text node of the page that is neither data nor a pseudo text. */
function untranslated(): string[] {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (text === '' || DATA.has(text)) continue;
    if (node.parentElement?.closest('script, style')) continue;
    if (!(text.startsWith(PSEUDO_OPEN) && text.endsWith(PSEUDO_CLOSE))) found.push(text);
  }
  return found;
}

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ total: 0 }))),
  );
  i18n.addResourceBundle(PSEUDO_LANGUAGE, 'translation', PSEUDO_RESOURCE);
  await applyLanguage(PSEUDO_LANGUAGE);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await applyLanguage('en');
});

describe('a pseudo-locale', () => {
  it('is accented and about 40 % longer than the English it stands for', () => {
    for (const [key, text] of Object.entries(en)) {
      const pseudo = PSEUDO_RESOURCE[key] ?? '';
      expect(pseudo.length, key).toBeGreaterThanOrEqual(Math.floor(text.length * 1.4));
    }
    expect(pseudoLocalise('Courses')).toBe('⟦Çöüršéš···⟧');
    expect(pseudoLocalise('Account of {{name}}')).toMatch(/^⟦Åççöüñt öf \{\{name\}\}·+⟧$/);
  });

  it('changes every text node of the lms header, menus, switch and language switcher', async () => {
    const renderHeader = () =>
      renderWithProviders(
        <DirectionProvider>
          <Header session={session} />
        </DirectionProvider>,
        { route: '/en/learning' },
      );
    // The nav bar at a laptop's width, then the drawer at a phone's.
    atLaptopWidth();
    const wide = renderHeader();
    const user = userEvent.setup();
    const [nav] = screen.getAllByRole('navigation', { name: pseudoLocalise('Main') });
    const main = within(nav as HTMLElement);
    await user.click(main.getByRole('button', { name: pseudoLocalise('Courses') }));
    expect(
      await screen.findByText(pseudoLocalise('Short term academic programme')),
    ).toBeInTheDocument();
    expect(screen.getByText('105 Community health')).toBeInTheDocument();
    await user.click(main.getByRole('button', { name: pseudoLocalise('Classes') }));
    expect(await screen.findByText(pseudoLocalise('All my classes'))).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
    wide.unmount();
    window.matchMedia = matchMediaAt(null);
    renderHeader();
    await user.click(screen.getByRole('button', { name: pseudoLocalise('Open the menu') }));
    expect(await screen.findByRole('dialog', { name: pseudoLocalise('Menu') })).toBeInTheDocument();

    expect(screen.getAllByText(pseudoLocalise('Learning')).length).toBeGreaterThan(0);
    const switcher = screen.getByRole('combobox', { name: pseudoLocalise('Language') });
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([pseudoLocalise('English'), pseudoLocalise('Español'), pseudoLocalise('العربية')]);
    expect(untranslated()).toEqual([]);
  });
});
