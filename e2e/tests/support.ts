import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@lantern/contracts/constants';
import type { AxeResults, RunOptions } from 'axe-core';

export const DEMO_PASSWORD = 'lantern-demo';

/** The demo's learners (`student`, `student_2`, …): their pages are designed for phones. */
const LEARNER = /^student(_\d+)?$/;

/**
 * Who reads a page: a learner's pages, and the pages read signed out (login, public
 * verification and tickets), are designed for phones; staff pages for desks. Set at sign-in.
 */
const readers = new WeakMap<Page, 'learner' | 'staff'>();

/** Whether a page is one designed for phones: a learner's, or one read signed out. */
export const isPhonePage = (page: Page): boolean => readers.get(page) !== 'staff';

export async function signIn(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  readers.set(page, LEARNER.test(username) ? 'learner' : 'staff');
  await page.goto('/en/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export type CaughtMail = { to: string; subject: string; text: string };

/** Waits for a mail to this address in the SMTP catcher of the global setup. */
export async function waitForMail(to: string, timeoutMs = 20_000): Promise<CaughtMail> {
  const file = process.env.LANTERN_E2E_MAILBOX ?? '';
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const mails = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as CaughtMail);
    const found = mails.findLast((m) => m.to.includes(to));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${to} arrived.`);
}

/** Waits for the page's finite animations and transitions (a modal opening, a notice sliding
 * in) to end, so that what is checked or shot is the settled page, not a frame of a fade. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** A desk's width, at which every checked page is checked, and a phone's, for phone pages. */
export const DESK_WIDTH = 1280;
export const PHONE_WIDTH = 390;

/** What was checked already in this worker: a page's route, with its numbers as `:n`, its
 * language, the dialogs open on it, and the width. A page seen again is not checked again. */
const checked = new Set<string>();

async function pageKey(page: Page, width: number): Promise<string> {
  const route = new URL(page.url()).pathname.replace(/\/\d+(?=\/|$)/g, '/:n');
  const dialogs = await page
    .locator('[role="dialog"]:visible, [role="alertdialog"]:visible')
    .evaluateAll((nodes) =>
      nodes.map((n) => n.getAttribute('aria-label') ?? n.querySelector('h1, h2, h3')?.textContent),
    );
  const lang = await page.locator('html').getAttribute('lang');
  return `${String(width)} ${lang ?? ''} ${route} ${dialogs.join(' | ')}`;
}

/** axe's script, put into a document once: the app changes pages without loading a new one. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe run in the page itself, with axe put into every frame first (the training player's and
 * its content's, which are of other origins); only violations are gathered. Running it in the
 * page, not through a blank page of its own per run, halves what a check costs.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  for (const frame of page.frames()) {
    const has = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!has) await frame.evaluate(AXE_SOURCE).catch(() => undefined);
  }
  const options: RunOptions = { resultTypes: ['violations'] };
  const result = await page.evaluate(
    (runOptions) =>
      (
        window as unknown as {
          axe: { run: (context: Document, o: RunOptions) => Promise<AxeResults> };
        }
      ).axe.run(document, runOptions),
    options,
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * axe finds no serious or critical violation on the page as it is now (once it has settled): at
 * its width, at a desk's, and — for a page designed for phones (`isPhonePage`) — at a phone's;
 * the page is left at the width it had. A page (route, language and open dialogs) already
 * checked at a width is not checked there again. With a dialog open (the phone drawer, a form)
 * the page stays at its width: resizing closes the drawer and moves a dialog's controls under
 * the test's hand.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const original = page.viewportSize() ?? { width: DESK_WIDTH, height: 800 };
  const dialogOpen =
    (await page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').count()) > 0;
  const others = [DESK_WIDTH, ...(isPhonePage(page) ? [PHONE_WIDTH] : [])];
  const widths = [
    original.width,
    ...(dialogOpen ? [] : others.filter((w) => w !== original.width)),
  ];
  const found: string[] = [];
  for (const width of widths) {
    if (width !== page.viewportSize()?.width)
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    const key = await pageKey(page, width);
    if (checked.has(key)) continue;
    checked.add(key);
    found.push(...(await seriousViolations(page)).map((v) => `${String(width)} px: ${v}`));
  }
  if (page.viewportSize()?.width !== original.width) await page.setViewportSize(original);
  expect(found, page.url()).toEqual([]);
}

export const screenshotPath = (name: string) =>
  new URL(`../../.tmp/screens/${name}.png`, import.meta.url).pathname;

/** A page of the app's origin that is not the app: where a session is stored before it opens. */
const BLANK = '/e2e-blank';

/**
 * Signs this user in through the API (`login_check`) and stores their tokens where the login
 * page stores them, then opens their home (sis or lms). The login form itself is proved in
 * sign-in.spec.ts; going through it for every person of every journey cost seconds each.
 * `pollMs` shortens how often the page asks for new notifications.
 */
export async function startAs(page: Page, username: string, pollMs?: number): Promise<void> {
  readers.set(page, LEARNER.test(username) ? 'learner' : 'staff');
  const origin = process.env.LANTERN_E2E_URL ?? '';
  const res = await fetch(`${origin}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`Signing ${username} in failed: ${String(res.status)}`);
  const tokens = (await res.json()) as { token: string; refresh_token: string };
  const entries: [string, string][] = [
    [STORAGE_KEYS.authCode, tokens.token],
    [STORAGE_KEYS.refreshCode, tokens.refresh_token],
    ...(pollMs === undefined ? [] : [['notificationPollMs', String(pollMs)] as [string, string]]),
  ];
  // An empty page of the origin, answered by the browser itself, to hold the local storage.
  await page.route(`${origin}${BLANK}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>…</title>' }),
  );
  await page.goto(BLANK);
  await page.evaluate((items) => {
    for (const [key, value] of items) window.localStorage.setItem(key, value);
  }, entries);
  await page.unroute(`${origin}${BLANK}`);
  await page.goto('/en/home');
  // Students land on their learning home, everyone else on the sis home.
  await expect(page).toHaveURL(/\/en\/(home|learning)$/);
}

/** A new browser context (with these options) signed in as this user, on their home. */
export async function pageOf(
  browser: Browser,
  username: string,
  options: BrowserContextOptions & { pollMs?: number } = {},
): Promise<Page> {
  const { pollMs, ...contextOptions } = options;
  const page = await (await browser.newContext(contextOptions)).newPage();
  await startAs(page, username, pollMs);
  return page;
}

/** Screenshots are taken only when asked for (`LANTERN_SHOTS=1`): nothing compares them. */
export const SHOTS = process.env.LANTERN_SHOTS === '1';

/** With `LANTERN_SHOTS=1`, the page as it is now, into `.tmp/screens/<name>.png`, to look at. */
export async function snap(
  page: Page,
  name: string,
  options: { fullPage?: boolean; style?: string } = {},
): Promise<void> {
  if (SHOTS) await page.screenshot({ path: screenshotPath(name), ...options });
}

/**
 * With `LANTERN_SHOTS=1`, the page whole at a desk's width and at a phone's (`<name>-1280`,
 * `<name>-390`), left at a desk's width. `style` hides what is not about the page (notices).
 */
export async function picture(page: Page, name: string, style?: string): Promise<void> {
  if (!SHOTS) return;
  await page.setViewportSize({ width: DESK_WIDTH, height: 800 });
  await settled(page);
  await snap(page, `${name}-${String(DESK_WIDTH)}`, { fullPage: true, style });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await settled(page);
  await snap(page, `${name}-${String(PHONE_WIDTH)}`, { fullPage: true, style });
  await page.setViewportSize({ width: DESK_WIDTH, height: 800 });
}

/** Axe-checks the page (`expectAccessible`) at a desk's width, then `picture`. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: DESK_WIDTH, height: 800 });
  await expectAccessible(page);
  await picture(page, name);
}

/** The same in Arabic (right to left) through the language switcher, then back to English. */
export async function shootArabic(page: Page, name: string): Promise<void> {
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shoot(page, `${name}-ar`);
  await page.getByLabel('Language').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Enters a moment into a date-and-time field as a person does: the day as pages write it
 * ("7 Dec 2026") and the time on the 24-hour clock, both in the browser's zone (this machine's).
 */
export async function fillMoment(page: Page, label: string, at: Date): Promise<void> {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = page.getByRole('textbox', { name: label, exact: true });
  await day.fill(
    `${String(at.getDate())} ${MONTHS[at.getMonth()] ?? ''} ${String(at.getFullYear())}`,
  );
  await day.press('Tab');
  const time = page.getByRole('textbox', { name: `${label}, time`, exact: true });
  await time.fill(`${pad(at.getHours())}:${pad(at.getMinutes())}`);
  await time.blur();
}
