import { expect, test, type Page } from '@playwright/test';
import { screenshotPath, settled, signIn } from './support';

/** One demo user per role: the username is the role in lower case. */
const ROLES = [
  'super_admin',
  'admin',
  'academic_manager',
  'operational_manager',
  'lead_coordinator',
  'coordinator',
  'lead_facilitator',
  'facilitator',
  'lead_faculty',
  'faculty',
  'teaching_assistant',
  'university_representative',
  'view_only_user',
  'api_user',
  'student',
] as const;

/** The homes looked at by eye, at a desk and on a phone. */
const SHOT = new Set([
  'faculty',
  'teaching_assistant',
  'api_user',
  'facilitator',
  'view_only_user',
]);

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

/** Every address the menu offers: its links, and every entry of every dropdown and flyout. */
async function menuTargets(page: Page): Promise<{ label: string; href: string }[]> {
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
  await page.screenshot({ path: screenshotPath(`home-${username}-1280`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath(`home-${username}-390`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const username of ROLES) {
  test(`${username} lands on a home that fits and opens every menu entry it is given`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const open = { n: 0 };
    const refused: string[] = [];
    page.on('request', () => (open.n += 1));
    page.on('requestfinished', () => (open.n -= 1));
    page.on('requestfailed', () => (open.n -= 1));
    page.on('response', (res) => {
      if (res.url().includes('/api/') && [403, 404].includes(res.status()))
        refused.push(`${String(res.status())} ${res.url()}`);
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
    if (['view_only_user', 'faculty', 'facilitator', 'api_user'].includes(username))
      await expect(main).not.toContainText(/add and edit students/i);
    if (SHOT.has(username)) await shootHome(page, username);

    const targets = await menuTargets(page);
    if (['facilitator', 'faculty', 'teaching_assistant'].includes(username))
      expect(targets.some((t) => t.href.endsWith('/classes'))).toBe(true);
    for (const target of targets) {
      refused.length = 0;
      await go(page, target.href);
      await quiet(page, open);
      const where = `${username}: ${target.label} → ${target.href}`;
      expect(page.url(), where).not.toMatch(/not-authorised/);
      await expect(main.getByText('This page does not exist.'), where).toHaveCount(0);
      expect(refused, where).toEqual([]);
    }
  });
}
