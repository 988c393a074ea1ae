import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { expectAccessible, snap, startAs } from './support';

/** The count on a check's card of the overview. */
const countOf = (page: Page, check: string) =>
  page.getByRole('region', { name: check }).locator('p').first();

test('an admin fixes the data with spaces after a preview, and the count drops', async ({
  page,
}) => {
  await startAs(page, 'admin');
  await expect(page).toHaveURL(/\/en\/home/);
  await page.goto('/en/userDataChecker');
  await expect(page.getByRole('heading', { name: 'User data checker' })).toBeVisible();
  await expect(countOf(page, 'Data with spaces')).toHaveText(/^[1-9]\d*$/);
  const before = Number(await countOf(page, 'Data with spaces').textContent());
  await expect(countOf(page, 'Mandatory name')).toHaveText(/^\d+$/);
  await expectAccessible(page);
  await snap(page, 'user-data-checker-1280', { fullPage: true });

  await page.getByRole('link', { name: 'Data with spaces' }).click();
  await expect(page).toHaveURL(/\/en\/userDataChecker\/data-with-spaces$/);
  const table = page.getByRole('table', { name: 'Data with spaces' });
  await expect(table.getByText('dq.spaces ·')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Fix all…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fix all: data with spaces' });
  // The preview names each change, before → after, with the spaces made visible.
  await expect(dialog.getByText('␣Amani', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Lokure␣␣Ekai␣', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'user-data-checker-fix-all-1280');
  await dialog.getByRole('button', { name: /^Apply \d+ changes?$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText(`${before} people fixed`);
  await expect(page.getByText('Nothing found: all clean')).toBeVisible();

  await page.getByRole('link', { name: '← User data checker' }).click();
  await expect(countOf(page, 'Data with spaces')).toHaveText('0');
});
