import { expect, test } from './journey';
import { expectAccessible, signIn, snap } from './support';

test('a wrong password shows the spec’s message and keeps the user on the login page', async ({
  page,
}) => {
  await signIn(page, 'coordinator', 'definitely-wrong');
  await expect(page.getByRole('alert')).toContainText('Username or Password incorrect.');
  await expect(page).toHaveURL(/\/en\/login/);
});

test('the login page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/en/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'login-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'login-390', { fullPage: true });
});

test('signing in lands on home with the name in the header; signing out returns to login', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/en\/home/);
  await expect(page.getByRole('button', { name: 'Account of Daniel Okafor' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Daniel');
  await expectAccessible(page);
  await snap(page, 'home-admin-1280', { fullPage: true });

  await page.getByRole('button', { name: 'Account of Daniel Okafor' }).click();
  await expect(page.getByText('ID: 1000')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en\/login/);
  expect(await page.evaluate(() => localStorage.getItem('authCode'))).toBeNull();
  // The app does not open again without signing in.
  await page.goto('/en/home');
  await expect(page).toHaveURL(/\/en\/login/);
});

test('an unsupported language goes home in English', async ({ page }) => {
  await signIn(page, 'facilitator');
  await expect(page).toHaveURL(/\/en\/home/);
  await page.goto('/de/profile/view');
  await expect(page).toHaveURL(/\/en\/home/);
});

test('a student lands on the learning home, and in the sis sees the insufficient-permissions notice with the way back', async ({
  page,
}) => {
  await signIn(page, 'student_2');
  await expect(page).toHaveURL(/\/en\/learning$/);
  await page.goto('/en/student/list');
  await expect(
    page.getByText('You have insufficient permissions to visit this page'),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/learning platform/i);
  await page.getByRole('link', { name: 'Go to your learning home' }).click();
  await expect(page).toHaveURL(/\/en\/learning$/);
});
