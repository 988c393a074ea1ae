import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { matchRoutes, type LoaderFunction, type RouteObject } from 'react-router';
import { DEFAULT_ROLES, ROLE_KEYS, defaultRightsOf } from '@lantern/contracts/roles';
import { BACHELOR_ROUTES } from './bachelor-routes';
import { PROGRAMME_ROUTES } from './programme-routes';
import { queryClient } from '../lib/query-client';
import { BASE_DATA } from '../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../test/render';
import { UniversityProgrammes } from '../account/home/components/university-programmes';

/**
 * The university block of the home page is shown for GENERAL_UNIVERSITY__DISPLAY, whoever holds
 * it; for every built-in role that holds it by default, each link in the block must pass the
 * guards of the page it opens (no link ends on not-authorised).
 */

const fetchMock = vi.fn<typeof fetch>();
let rights: string[] = [];
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  queryClient.clear();
  localStorage.setItem('authCode', 'token');
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      urlOf(input).startsWith('/api/general/current-user/')
        ? jsonResponse({ ...BASE_DATA, user: { ...BASE_DATA.user, applicationRights: rights } })
        : jsonResponse({ code: 'NOT_FOUND', detail: 'Not found' }, 404),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PROGRAMMES = [
  {
    id: 5,
    code: '512',
    title: 'Bachelor of Liberal Studies',
    certifyingUniversity: null,
    students: 19,
    waitingForUni: 2,
    waitingBelow: 0,
    graduated: 1,
  },
];

const ROUTES: RouteObject[] = [
  { path: '/:lang', children: [...BACHELOR_ROUTES, ...PROGRAMME_ROUTES] },
];

/** Runs the guards (route loaders) of every route the address matches; the first refusal. */
async function refusalOf(href: string): Promise<string | null> {
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

const HOLDERS = ROLE_KEYS.filter((role) =>
  DEFAULT_ROLES[role].rights.includes('GENERAL_UNIVERSITY__DISPLAY'),
);

describe('the university block’s links', () => {
  it('is held by the roles decision 0003 gives the right to, among them admins and view-only users', () => {
    expect(HOLDERS).toEqual(
      expect.arrayContaining(['ADMIN', 'VIEW_ONLY_USER', 'UNIVERSITY_REPRESENTATIVE']),
    );
  });

  it.each(HOLDERS)('open only pages %s may see', async (role) => {
    rights = defaultRightsOf(role);
    renderWithProviders(<UniversityProgrammes programmes={PROGRAMMES} />);
    await screen.findByRole('link', { name: '512 Bachelor of Liberal Studies' });
    const hrefs = screen
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
      .filter((h): h is string => h !== null);
    expect(hrefs.length).toBeGreaterThan(1);
    for (const href of hrefs) expect(await refusalOf(href), href).toBeNull();
    cleanup();
  });

  it('says whose approval the terms wait for by the approval right', async () => {
    rights = defaultRightsOf('VIEW_ONLY_USER');
    renderWithProviders(<UniversityProgrammes programmes={PROGRAMMES} />);
    expect(await screen.findByText(/terms wait for the university’s approval/)).toBeTruthy();
    cleanup();
    queryClient.clear();
    rights = defaultRightsOf('UNIVERSITY_REPRESENTATIVE');
    renderWithProviders(<UniversityProgrammes programmes={PROGRAMMES} />);
    const waiting = await screen.findByRole('link', { name: /terms wait for your approval/ });
    expect(waiting.getAttribute('href')).toBe('/en/programme/bachelor/5/verification');
  });

  it('finds a refusal when a link’s page needs a right the role lacks', async () => {
    rights = defaultRightsOf('UNIVERSITY_REPRESENTATIVE');
    // The classroom page needs CLASSROOM__DISPLAY, which the representative does not hold.
    expect(await refusalOf('/en/programme/bachelor/5/classroom/2026-fa/3/0')).toMatch(
      /not-authorised/,
    );
  });
});
