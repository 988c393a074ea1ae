import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { expectAccessible, picture, SHOTS, snap, startAs } from './support';

const DOWNLOADS = new URL('../../.tmp/e2e-downloads/', import.meta.url).pathname;
const TITLE = 'Professional Certificate in Community Health Work';

const shoot = picture;

/** Clicks a button that downloads, and keeps the file under the name the server gave. */
async function download(page: Page, click: () => Promise<void>): Promise<string> {
  const waiting = page.waitForEvent('download');
  await click();
  const file = await waiting;
  mkdirSync(DOWNLOADS, { recursive: true });
  const path = `${DOWNLOADS}${file.suggestedFilename()}`;
  await file.saveAs(path);
  return path;
}

test('an admin downloads a certificate of the finished demo programme, and anyone verifies it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await startAs(page, 'admin');
  await expect(page).toHaveURL(/\/en\/home/);

  // The finished demo programme 214, found in the list; its certificate export.
  await page.goto('/en/programme/list/professional-certificate');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Community Health');
  // The search in the address first: a row clicked while the list still re-renders for it
  // was seen to miss on a loaded machine.
  await expect(page).toHaveURL(/q=Community/);
  await page.getByRole('cell', { name: '214', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/programme\/professional-certificate\/\d+\/overview$/);
  const id = /professional-certificate\/(\d+)\//.exec(page.url())?.[1] ?? '';
  await page.goto(`/en/programme/professional-certificate/${id}/certificate-export`);
  await expect(page.getByRole('heading', { name: `Certificates: 214 ${TITLE}` })).toBeVisible();

  const table = page.getByRole('table', { name: 'Passed students and their certificates' });
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  // Every passed student of the demo has a certificate: nothing left to issue.
  await expect(page.getByRole('button', { name: 'Issue certificates' })).toBeDisabled();
  await expectAccessible(page);
  await shoot(page, 'certificate-export');

  // One certificate's PDF.
  const first = rows.nth(1);
  const code = (await first.getByText(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/).innerText()).trim();
  const pdfButton = first.getByRole('button', { name: /^PDF of / });
  const name = ((await pdfButton.getAttribute('aria-label')) ?? '').replace(/^PDF of /, '');
  const pdfPath = await download(page, () => pdfButton.click());
  expect(pdfPath).toMatch(new RegExp(`/${code}-[A-Za-z0-9-]+\\.pdf$`));
  const pdf = readFileSync(pdfPath);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeLessThanOrEqual(60 * 1024);

  // The certificate as a picture, when pictures are asked for: Chromium's PDF viewer draws it.
  if (SHOTS) {
    const viewer = await page.context().newPage();
    await viewer.setViewportSize({ width: 1280, height: 900 });
    await viewer.goto(`file://${pdfPath}`);
    await viewer.waitForTimeout(2500);
    await snap(viewer, 'certificate-pdf');
    await viewer.close();
  }

  // Two selected, as a ZIP.
  await rows.nth(1).getByRole('checkbox').check();
  await rows.nth(2).getByRole('checkbox').check();
  await expect(page.getByText('2 selected: 0 without a certificate, 2 with one')).toBeVisible();
  const zipPath = await download(page, () =>
    page.getByRole('button', { name: 'Download ZIP' }).click(),
  );
  expect(zipPath).toMatch(/certificates-214\.zip$/);
  expect(readFileSync(zipPath).subarray(0, 2).toString()).toBe('PK');

  // Anyone, signed in or not, checks the certificate by its code (the QR code links here).
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/en/certificate-verification/${code}`);
  const valid = publicPage.getByRole('status').filter({ hasText: 'Valid certificate' });
  await expect(valid).toContainText(name);
  await expect(valid).toContainText(TITLE);
  await expect(valid).toContainText(code);
  await expectAccessible(publicPage);
  await shoot(publicPage, 'certificate-verification');

  await publicPage.getByRole('textbox', { name: 'Verification code' }).fill('aaaa bbbb cccc');
  await publicPage.getByRole('button', { name: 'Verify' }).click();
  await expect(publicPage).toHaveURL(/\/en\/certificate-verification\/AAAA-BBBB-CCCC$/);
  await expect(publicPage.getByRole('alert')).toContainText('Not a valid certificate');
  await visitor.close();
});
