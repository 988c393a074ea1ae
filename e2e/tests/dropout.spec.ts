import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { expectAccessible, pageOf, settled, snap, startAs } from './support';

const TITLE = 'Professional Certificate in Business Administration';

/** The page at a desk (1280 px) and on a phone (390 px), saved for a look. */
async function shoot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an admin previews a dropout item, saves it, evaluates, reads a flag’s evidence and records a follow-up', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await startAs(page, 'admin');
  await expect(page).toHaveURL(/\/en\/home/);
  await page.goto('/en/programme/list/professional-certificate');
  await page.getByRole('searchbox', { name: 'Search' }).fill('236');
  const list = page.getByRole('table', { name: 'Professional certificates' });
  await expect(list.getByRole('row')).toHaveCount(2);
  const heading = page.getByRole('heading', { name: `236 ${TITLE}` });
  await expect(async () => {
    await list.getByRole('row').filter({ hasText: TITLE }).click();
    await expect(heading).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });

  // The programme's sections lead to its dropout flagging, beside its automatic mails.
  await page
    .getByRole('navigation', { name: 'Programme sections' })
    .getByRole('link', { name: 'Dropout flagging' })
    .click();
  await expect(page.getByRole('heading', { name: 'Dropout flagging', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New item' }).click();

  // The form previews whom the item would flag before it is saved.
  await expect(page.getByRole('heading', { name: 'New dropout flagging item' })).toBeVisible();
  const percent = page.getByRole('textbox', { name: /^Percent/ });
  await percent.fill('40');
  const preview = page.getByRole('region', { name: 'Preview against today’s data' });
  await expect(preview.getByText(/It would flag \d+ students? now/)).toBeVisible();
  await expect(preview.getByText(/graded tasks? due so far/).first()).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'dropout-item-form');

  await page.getByRole('button', { name: 'Create item' }).click();
  // The saved item's own page (its address carries the new id).
  await expect(page).toHaveURL(/\/dropout-flagging\/professional\/\d+\/all\/\d+$/);
  await expect(
    page.getByRole('heading', { name: 'Dropout flagging item', level: 1, exact: true }),
  ).toBeVisible();
  await page.getByRole('link', { name: '← Dropout flagging' }).click();

  await page.getByRole('button', { name: 'Evaluate now' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Evaluated: \d+ newly flagged/ }),
  ).toBeVisible();
  const why = page.getByRole('button', { name: /^Why .* is flagged$/ }).first();
  await expect(why).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'dropout-list');

  // A flag's evidence in words, and its follow-up.
  await why.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/Missed \d+ of \d+ graded tasks? due so far/)).toBeVisible();
  await expect(dialog.getByText(/Data as of/)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'dropout-evidence');
  await dialog
    .getByRole('textbox', { name: /^Outcome/ })
    .fill('Called; she will hand in the essay on Friday.');
  await dialog.getByRole('button', { name: 'Record outcome' }).click();
  await expect(
    dialog.getByText(/Call by .*: Called; she will hand in the essay on Friday\./),
  ).toBeVisible();
  await shoot(page, 'dropout-follow-up');

  // The tuning report, linked from the programme's dropout flagging.
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Tuning report' }).click();
  await expect(page.getByRole('heading', { name: 'Tuning report', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('columnheader', { name: 'Dropped out without a flag' }),
  ).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'dropout-report');

  // A coordinator finds the follow-ups of their CLC's students in the menu, and a tab for
  // dropout flags among their notifications.
  const coordinator = await pageOf(browser, 'coordinator');
  await coordinator.getByRole('link', { name: 'Follow-ups', exact: true }).first().click();
  await expect(coordinator).toHaveURL(/\/en\/dropout-follow-ups$/);
  await expect(coordinator.getByRole('heading', { name: 'Follow-ups', level: 1 })).toBeVisible();
  await expect(coordinator.getByRole('tab', { name: /^Open \(\d+\)$/ })).toBeVisible();
  await expectAccessible(coordinator);
  await shoot(coordinator, 'dropout-follow-ups');
  await coordinator.goto('/en/notifications');
  await expect(coordinator.getByRole('tab', { name: /^Dropout flags/ })).toBeVisible();
});
