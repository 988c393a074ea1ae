import { expect, test } from './journey';
import { signIn, waitForMail } from './support';

test('forgot password: the mail arrives, its link sets a new password, and it works', async ({
  page,
}) => {
  await page.goto('/en/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/en\/forgot-password/);
  await page.getByRole('textbox', { name: 'Username or e-mail' }).fill('teaching_assistant');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(/a link to set a new password is on its way/i)).toBeVisible();

  const mail = await waitForMail('teaching_assistant@demo.lantern.example');
  const link = /https?:\/\/\S+set-new-password#token=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('fresh-password-42');
  await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('fresh-password-42');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('Your new password is set. You can sign in with it now.'),
  ).toBeVisible();

  await signIn(page, 'teaching_assistant', 'fresh-password-42');
  await expect(page).toHaveURL(/\/en\/home/);
});

test('forgot password: a link without a valid token says so in words', async ({ page }) => {
  for (const link of ['/en/set-new-password', '/en/set-new-password#token=abc']) {
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired');
    await expect(page.getByText(/must be filled/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  }
});
