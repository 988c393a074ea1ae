import { expect, test } from './journey';
import { startAs } from './support';

test('Ctrl+Q opens the role picker; choosing a role changes the rights', async ({ page }) => {
  await startAs(page, 'lead_facilitator');
  await expect(page).toHaveURL(/\/en\/home/);
  // The shortcut belongs to the shell: wait until it is on the page, as a person would.
  await expect(page.getByRole('button', { name: 'Account of Leila Nasser' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Leila' })).toBeVisible();
  await page.keyboard.press('Control+q');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: /^Facilitator/ }).check();
  const changed = page.waitForResponse(
    (r) => r.url().includes('/profile/rights-for-selected-roles') && r.status() === 200,
  );
  await dialog.getByRole('button', { name: 'Use this role' }).click();
  await changed;
  const base = await page.evaluate(async () => {
    const res = await fetch('/api/general/current-user/sis', {
      headers: { authorization: `Bearer ${localStorage.getItem('authCode') ?? ''}` },
    });
    return (await res.json()) as { user: { activeRole: string } };
  });
  expect(base.user.activeRole).toBe('FACILITATOR');
});
