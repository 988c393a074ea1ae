import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { matchRoutes, type LoaderFunction, type RouteObject } from 'react-router';
import { RIGHTS, type Right } from '@lantern/contracts/rights';
import { ROLE_KEYS, defaultRightsOf } from '@lantern/contracts/roles';
import { BACHELOR_ROUTES } from './bachelor-routes';
import { PROGRAMME_ROUTES } from './programme-routes';
import { queryClient } from '../lib/query-client';
import { notAuthorisedPath } from '../lib/rights';
import { BASE_DATA } from '../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../test/render';
import { BachelorSectionNav } from '../sis/bachelor/components/section-nav';
import {
  BACHELOR_SECTIONS,
  isCurrentSection,
  type BachelorSection,
} from '../sis/bachelor/sections';

const BASE = '/en/programme/bachelor/512';

/** The labels of the sections current on a page. */
const currentOn = (below: string) =>
  BACHELOR_SECTIONS.filter((s) => isCurrentSection(s, 512, `${BASE}/${below}`)).map((s) => s.label);

describe('which section is current', () => {
  it.each([
    ['cohorts/list', 'Cohorts'],
    ['cohorts/new', 'Cohorts'],
    ['cohorts/import/41', 'Cohorts'],
    ['terms/2025', 'Terms'],
    ['terms/2026/create-internship', 'Terms'],
    ['students/2026', 'Students'],
    ['students/2024', 'Students'],
    ['students/2025/term/2025-fa', 'Students'],
    ['students/2026/', 'Students'],
    ['classroom/2026-fa/3/1', 'Students'],
    ['students/internship', 'Internships'],
    ['students/internship/term/2026-su', 'Internships'],
    ['students/past-classrooms/open', 'Past classrooms'],
    ['students/past-classrooms/closed', 'Past classrooms'],
    ['credits', 'Credits'],
    ['transfer-in/internal', 'Transfer in'],
    ['transfer-in/external', 'Transfer in'],
    ['transfer-in/approval', 'Transfer approval'],
    ['transfer-out/bachelor', 'Transfer out'],
    ['transfer-out/transfer-grades-out/4/9', 'Grades out'],
    ['verification', 'Verification'],
    ['dropout-flagging/2025/term/2025-fa', 'Dropout flagging'],
  ])('%s → %s, and only it', (below, label) => {
    expect(currentOn(below)).toEqual([label]);
  });

  it('is none on the programme’s own page, nor another programme’s', () => {
    expect(BACHELOR_SECTIONS.filter((s) => isCurrentSection(s, 512, BASE))).toEqual([]);
    expect(
      BACHELOR_SECTIONS.filter((s) =>
        isCurrentSection(s, 512, '/en/programme/bachelor/513/cohorts/new'),
      ),
    ).toEqual([]);
  });

  it('reads prefixes at a segment boundary, and a section without match by its own path', () => {
    const section = { label: 'X', right: 'BA_COHORT__DISPLAY' as Right, path: () => `${BASE}/x` };
    expect(isCurrentSection({ ...section, match: ['cohorts'] }, 512, `${BASE}/cohortsx`)).toBe(
      false,
    );
    expect(isCurrentSection(section, 512, `${BASE}/x/y`)).toBe(true);
    expect(isCurrentSection(section, 512, `${BASE}/xy`)).toBe(false);
    expect(isCurrentSection({ ...section, match: () => true }, 512, `${BASE}/any`)).toBe(true);
  });
});

const fetchMock = vi.fn<typeof fetch>();
let rights: readonly Right[] = [];
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  queryClient.clear();
  window.localStorage.setItem('authCode', 'token');
  rights = ['BA_COHORT__DISPLAY', 'BA_STUDENT__DISPLAY', 'BA_TERM__DISPLAY', 'CLASSROOM__DISPLAY'];
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      urlOf(input).startsWith('/api/general/current-user/')
        ? jsonResponse({ ...BASE_DATA, user: { ...BASE_DATA.user, applicationRights: rights } })
        : jsonResponse({}, 404),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the section links', () => {
  it('mark Students current on a term of another year, and not on past classrooms', async () => {
    renderWithProviders(<BachelorSectionNav programmeId={512} />, {
      route: `${BASE}/students/2024/term/2024-sp`,
    });
    const students = await screen.findByRole('link', { name: 'Students' });
    expect(students).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Past classrooms' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByRole('link', { name: 'Cohorts' })).not.toHaveAttribute('aria-current');
  });

  it('mark Cohorts current on an import, linking to the list', async () => {
    renderWithProviders(<BachelorSectionNav programmeId={512} />, {
      route: `${BASE}/cohorts/import/41`,
    });
    const cohorts = await screen.findByRole('link', { name: 'Cohorts' });
    expect(cohorts).toHaveAttribute('aria-current', 'page');
    expect(cohorts).toHaveAttribute('href', `${BASE}/cohorts/list`);
    expect(screen.getByRole('link', { name: 'Students' })).not.toHaveAttribute('aria-current');
  });
});

const ROUTES: RouteObject[] = [
  { path: '/:lang', children: [...BACHELOR_ROUTES, ...PROGRAMME_ROUTES] },
];

/** Runs the guards (route loaders) of every route the address matches; the first refusal. */
async function refusalOf(href: string): Promise<string | null> {
  // Each guard reads the user's rights once per cache: a fresh one per question.
  queryClient.clear();
  const matches = matchRoutes(ROUTES, href);
  if (!matches) return `${href} matches no page`;
  for (const { route, params } of matches) {
    if (typeof route.lazy !== 'function') continue;
    const loaded = (await route.lazy()) as { loader?: LoaderFunction };
    if (!loaded.loader) continue;
    const url = new URL(`http://localhost${href}`);
    const answer: unknown = await loaded.loader({
      request: new Request(url),
      url,
      pattern: route.path ?? '',
      params,
      context: undefined,
    });
    if (answer instanceof Response) return answer.headers.get('Location') ?? 'a redirect';
  }
  return null;
}

const PROGRAMME = 512;

// The roles that open the programme's page, where the section links are: what each sees.
const VIEWERS = ROLE_KEYS.filter((role) =>
  defaultRightsOf(role).includes('PROGRAMME_ACADEMIC__DISPLAY'),
);

describe('every section, for every role that sees it', () => {
  it('is seen by the bachelor roles', () => {
    expect(VIEWERS).toEqual(
      expect.arrayContaining(['ADMIN', 'LEAD_COORDINATOR', 'UNIVERSITY_REPRESENTATIVE']),
    );
  });

  it.each(VIEWERS)('opens a page whose guards let %s in', async (role) => {
    rights = defaultRightsOf(role);
    // The links the section nav shows this role (it shows a section by its right).
    renderWithProviders(<BachelorSectionNav programmeId={PROGRAMME} />, {
      route: `${BASE}/credits`,
    });
    const nav = await screen.findByRole('navigation', { name: 'Programme sections' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href') ?? '');
    expect(hrefs).toEqual(
      BACHELOR_SECTIONS.filter((s) => rights.includes(s.right)).map((s) => s.path(PROGRAMME)),
    );
    cleanup();
    const refused: string[] = [];
    for (const href of hrefs) {
      const refusal = await refusalOf(href);
      if (refusal !== null) refused.push(`${href} → ${refusal}`);
    }
    expect(refused).toEqual([]);
  });

  it.each(BACHELOR_SECTIONS.map((s) => [s.label, s] as const))(
    '%s: its page’s guard asks for the section’s own right',
    async (_label, section: BachelorSection) => {
      // Every right but the section's: a guard asking for another right would let this in.
      rights = RIGHTS.filter((r) => r !== section.right);
      expect(await refusalOf(section.path(PROGRAMME))).toBe(notAuthorisedPath(section.right));
    },
  );
});
