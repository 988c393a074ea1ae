import { expect, test } from './journey';
import { snap, startAs } from './support';

test('a super admin impersonates a student and exits again', async ({ page }) => {
  await startAs(page, 'super_admin');
  await expect(page.getByRole('button', { name: 'Account of Samira Haddad' })).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Impersonate a user' });
  await search.fill('stu');
  await expect(page.getByText('4 letters required')).toBeVisible();
  await search.fill('stud');
  await page.getByRole('option', { name: /Achol Garang \(student,/ }).click();
  await expect(page.getByRole('button', { name: 'Account of Achol Garang' })).toBeVisible();
  // The student works in the lms only: their start page is the learning home.
  await expect(page).toHaveURL(/\/en\/learning$/);
  await snap(page, 'impersonating-student-1280', { fullPage: true });
  await page.getByRole('button', { name: 'Exit impersonation' }).click();
  await expect(page.getByRole('button', { name: 'Account of Samira Haddad' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('impersonateUsername'))).toBeNull();
});
