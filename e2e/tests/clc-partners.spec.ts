import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { expectAccessible, picture, startAs } from './support';

const shoot = picture;

/** A PNG drawn by the browser itself: a coloured box with a word on it. */
async function drawPng(page: Page, text: string, color: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([word, fill]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 60;
      const context = canvas.getContext('2d');
      if (!context) return '';
      context.fillStyle = fill;
      context.fillRect(0, 0, 160, 60);
      context.fillStyle = '#ffffff';
      context.font = 'bold 24px sans-serif';
      context.fillText(word, 12, 38);
      return canvas.toDataURL('image/png');
    },
    [text, color] as const,
  );
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

async function pick(page: Page, label: string, typed: string, option: string): Promise<void> {
  await page.getByRole('textbox', { name: label, exact: true }).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin creates a CLC partner with a logo and a signature and sees them', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const name = `Lakeside Learning Centre ${stamp}`;
  await startAs(page, 'admin');
  await expect(page).toHaveURL(/\/en\/home/);

  await page.goto('/en/clc-partner/list');
  await expect(page.getByRole('heading', { name: 'CLC partners' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'CLC partners' }).getByRole('row').nth(1),
  ).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'clc-list');

  await page.getByRole('link', { name: 'New CLC partner' }).click();
  await expect(page.getByRole('heading', { name: 'New CLC partner' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'clc-new');

  // Nothing filled: the messages stand by their fields.
  await page.getByRole('button', { name: 'Create CLC partner' }).click();
  await expect(
    page.getByRole('textbox', { name: 'Name', exact: true }),
  ).toHaveAccessibleDescription('This field must be filled');
  await expect(
    page.getByRole('textbox', { name: 'Country', exact: true }),
  ).toHaveAccessibleDescription('Please select a valid option');

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(`L${stamp}`);
  await page.getByRole('textbox', { name: 'Finance code', exact: true }).fill('4821');
  await pick(page, 'Country', 'Kenya', 'Kenya');
  await pick(page, 'Time zone', 'Nairobi', 'Africa/Nairobi');
  await page.getByRole('textbox', { name: 'Signee name', exact: true }).fill('Grace Wanjiru');
  await page.getByRole('textbox', { name: 'Contact phone', exact: true }).fill('0712 345678');
  await page.getByRole('button', { name: 'Create CLC partner' }).click();

  await expect(page).toHaveURL(/\/en\/clc-partner\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: `${name} (L${stamp})` })).toBeVisible();
  // Said by the toast and, once the history has loaded, by its first entry's label.
  await expect(page.getByText('CLC partner created').first()).toBeVisible();
  // The phone was read with the CLC's country and kept in international form.
  await expect(page.getByRole('textbox', { name: 'Contact phone', exact: true })).toHaveValue(
    /^\+254/,
  );

  const files = page.locator('input[type="file"]');
  await files.nth(0).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await drawPng(page, 'LOGO', '#174b85'),
  });
  await page.getByRole('button', { name: 'Upload' }).nth(0).click();
  const logo = page.getByRole('img', { name: `Logo of ${name}` });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);

  await files.nth(1).setInputFiles({
    name: 'signature.png',
    mimeType: 'image/png',
    buffer: await drawPng(page, 'G. W.', '#2b7a3d'),
  });
  await page.getByRole('button', { name: 'Upload' }).nth(1).click();
  const signature = page.getByRole('img', { name: 'Signature of Grace Wanjiru' });
  await expect(signature).toBeVisible();
  await expect
    .poll(() => signature.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(160);

  // An edit after the uploads carries the version they left, and the history shows it all.
  await page.getByRole('textbox', { name: 'Finance code', exact: true }).fill('4822');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Finance code: 4821 → 4822')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'clc-edit');

  // The new CLC is found in the list by its name.
  await page.goto('/en/clc-partner/list');
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page).toHaveURL(/q=Lakeside/);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
});
