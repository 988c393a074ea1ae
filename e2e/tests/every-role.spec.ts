import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { expectAccessible, settled, signIn, snap } from './support';

/**
 * The roles whose rendering nothing else proves, one demo user each (the username is the role
 * in lower case): the largest menus in both modes (super_admin), the learner's lms-only home
 * (student), the machine account's home (api_user), a teacher who switches to the learning
 * side (faculty) and the university's home (university_representative). Every role's menu
 * entries and page guards, and each page's first read, are proved without a browser for all
 * fifteen roles (apps/api/src/modules/general/general.menu.test.ts).
 */
const ROLES = [
  'super_admin',
  'student',
  'api_user',
  'faculty',
  'university_representative',
] as const;

/** The homes looked at by eye, at a desk and on a phone (with LANTERN_SHOTS=1). */
const SHOT = new Set<string>(['faculty', 'api_user', 'university_representative']);

/** Waits until no request has been open for a moment: the page and its reads have answered. */
async function quiet(page: Page, open: { n: number }): Promise<void> {
  await expect
    .poll(
      async () => {
        if (open.n > 0) return false;
        await page.waitForTimeout(250);
        return open.n === 0;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** The widths the menu must be whole at: laptops' (where the nav bar may not fit) and a phone's. */
const MENU_WIDTHS = [1280, 1366, 1536, 390] as const;

type Target = { label: string; href: string };
type PayloadNode = {
  id: string;
  label: string;
  path: string | null;
  children?: PayloadNode[];
};

/** An address of the app, as the menu writes a path of the payload. */
const appPath = (path: string) =>
  path.startsWith('/en/') ? path : `/en/${path.replace(/^\/+/, '')}`;

/**
 * Every entry the role's menu payload has: a top node is an entry by its path when nothing is
 * below it, else its dropdown's entries are; below the top, every node with a path is one.
 */
function payloadTargets(menu: PayloadNode[]): Target[] {
  const below = (node: PayloadNode, trail: string): Target[] =>
    (node.children ?? []).flatMap((child) => [
      ...(child.path === null
        ? []
        : [{ label: `${trail} › ${child.label}`, href: appPath(child.path) }]),
      ...below(child, `${trail} › ${child.label}`),
    ]);
  return menu.flatMap((node) =>
    node.path !== null && !node.children?.length
      ? [{ label: node.label, href: appPath(node.path) }]
      : below(node, node.label),
  );
}

/** Two animation frames: what a resize set off (observers, a render) has run. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );

/**
 * The addresses a person reaches at the window's width by clicking: the nav bar's links and
 * dropdowns where the nav bar shows, else the drawer the burger opens, with each of its groups
 * opened. What is hidden (a nav bar that does not fit) counts for nothing.
 */
async function reachableTargets(page: Page): Promise<Set<string>> {
  const burger = page.getByRole('button', { name: 'Open the menu' });
  // After a resize the header measures whether its nav bar fits (a ResizeObserver, then a
  // render), so the burger can show for a frame: its answer is read once it holds over frames.
  await expect
    .poll(async () => {
      const before = await burger.isVisible();
      await nextFrames(page);
      return before === (await burger.isVisible());
    })
    .toBe(true);
  if (!(await burger.isVisible())) return new Set((await menuTargets(page)).map((t) => t.href));
  await burger.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  const nav = drawer.getByRole('navigation', { name: 'Main' });
  // The drawer's chunk loads at the first press: its entries are read once they are there
  // (an empty drawer still fails here, after the wait).
  await expect(nav.getByRole('link').first()).toBeVisible();
  for (const group of await nav.locator('button[aria-expanded]').all()) {
    if ((await group.getAttribute('aria-expanded')) === 'true') continue;
    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
  }
  await settled(page);
  const hrefs = new Set<string>();
  for (const link of await nav.getByRole('link').all())
    hrefs.add((await link.getAttribute('href')) ?? '');
  await drawer.getByRole('button', { name: 'Close the menu' }).click();
  await expect(drawer).toBeHidden();
  return hrefs;
}

/** At each width, every entry of the menu payload is reachable by clicking (the payload is the
 * last one the shell loaded for `mode`). */
async function expectWholeMenu(
  page: Page,
  payload: PayloadNode[] | undefined,
  where: string,
): Promise<void> {
  expect(payload, `${where}: the menu payload`).toBeDefined();
  const expected = payloadTargets(payload ?? []);
  for (const width of MENU_WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await settled(page);
    const reached = await reachableTargets(page);
    const missing = expected.filter((t) => !reached.has(t.href)).map((t) => t.label);
    expect(missing, `${where} at ${String(width)} px: menu entries nobody can reach`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Every address the nav bar offers: its links, and every entry of every dropdown and flyout. */
async function menuTargets(page: Page): Promise<Target[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const targets: { label: string; href: string }[] = [];
  for (const link of await nav.getByRole('link').all())
    targets.push({
      label: (await link.textContent()) ?? '',
      href: (await link.getAttribute('href')) ?? '',
    });
  for (const button of await nav.getByRole('button').all()) {
    const label = (await button.textContent()) ?? '';
    await button.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await settled(page);
    for (const item of await menu.locator('a[href]').all())
      targets.push({
        label: `${label} › ${(await item.textContent()) ?? ''}`,
        href: (await item.getAttribute('href')) ?? '',
      });
    // The menus open on hover as well as on a press: the pointer leaves the header first, so
    // a hover that is still pending cannot open the menu again after Escape closed it.
    await page.mouse.move(0, 400);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }
  return targets;
}

/** In the app, as a click on a link would (no reload): the router follows the history. */
async function go(page: Page, href: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, href);
}

async function shootHome(page: Page, username: string): Promise<void> {
  await settled(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, `home-${username}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `home-${username}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const username of ROLES) {
  test(`${username} lands on a home that fits and opens every menu entry it is given`, async ({
    page,
  }) => {
    // Room for the menu at four widths in each mode.
    test.setTimeout(480_000);
    const open = { n: 0 };
    const refused: string[] = [];
    page.on('request', () => (open.n += 1));
    page.on('requestfinished', () => (open.n -= 1));
    page.on('requestfailed', () => (open.n -= 1));
    const menus: Partial<Record<'sis' | 'lms', Promise<PayloadNode[]>>> = {};
    page.on('response', (res) => {
      if (res.url().includes('/api/') && [403, 404].includes(res.status()))
        refused.push(`${String(res.status())} ${res.url()}`);
      const base = /\/api\/general\/current-user\/(sis|lms)$/.exec(new URL(res.url()).pathname);
      if (base?.[1] && res.ok())
        menus[base[1] as 'sis' | 'lms'] = res.json().then((b: { menu: PayloadNode[] }) => b.menu);
    });

    await signIn(page, username);
    // A student works in the lms only: their home is the learning home (decision 0019).
    await expect(page).toHaveURL(username === 'student' ? /\/en\/learning$/ : /\/en\/home$/);
    const main = page.getByRole('main');
    await quiet(page, open);
    if (username === 'student') {
      await expect(main).not.toContainText('insufficient permissions');
    } else {
      await expect(main).not.toContainText('insufficient permissions');
      if (username === 'api_user') {
        await expect(
          main.getByRole('heading', { name: 'This is a machine account' }),
        ).toBeVisible();
        await expect(main.getByRole('link', { name: 'API documentation' })).toHaveAttribute(
          'href',
          '/api/docs',
        );
      } else {
        await expect(main.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
      }
    }
    // A read-only role is not offered to add or edit students.
    if (['faculty', 'api_user'].includes(username))
      await expect(main).not.toContainText(/add and edit students/i);
    await expectAccessible(page);
    if (SHOT.has(username)) await shootHome(page, username);

    // The whole menu is reachable at laptop widths and on a phone, in each mode the role works
    // in: its home's first; the learning home's for those who switch to it at the end.
    const homeMode = username === 'student' ? 'lms' : 'sis';
    const homePayload = await menus[homeMode];
    await expectWholeMenu(page, homePayload, `${username} (${homeMode})`);
    const targets = payloadTargets(homePayload ?? []);
    if (username === 'faculty') expect(targets.some((t) => t.href.endsWith('/classes'))).toBe(true);
    for (const target of targets) {
      refused.length = 0;
      await go(page, target.href);
      await quiet(page, open);
      const where = `${username}: ${target.label} → ${target.href}`;
      expect(page.url(), where).not.toMatch(/not-authorised/);
      await expect(main.getByText('This page does not exist.'), where).toHaveCount(0);
      expect(refused, where).toEqual([]);
      // No axe sweep of every menu page here: at two widths it took the first role past eight
      // minutes; the journeys of each area check the pages they visit at both widths.
    }

    const switches = await page.getByRole('navigation', { name: 'Where you work' }).isVisible();
    if (switches) {
      await page
        .getByRole('navigation', { name: 'Where you work' })
        .getByRole('link', { name: 'Learning' })
        .click();
      await expect(page).toHaveURL(/\/en\/learning$/);
      await quiet(page, open);
      await expectWholeMenu(page, await menus.lms, `${username} (lms)`);
    }
  });
}
