import { expect, test } from './journey';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, settled, snap, startAs } from './support';

/** Two accounts of one person, made through the API as an admin would make them by hand. */
async function twoAccounts(request: APIRequestContext): Promise<{ removed: number; kept: number }> {
  const login = await request.post('/api/login_check', {
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const clcs = await request.get('/api/en/clc-partner/options', { headers });
  const clcId = ((await clcs.json()) as { items: { id: number }[] }).items[0]?.id ?? 0;
  const suffix = String(Date.now()).slice(-6);
  const make = async (username: string, firstName: string, email: string | null) => {
    const res = await request.post('/api/en/user', {
      headers,
      data: {
        username,
        firstName,
        lastName: 'Merge Journey',
        email,
        clcIds: [clcId],
        roles: ['FACILITATOR'],
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { record: { id: number } }).record.id;
  };
  return {
    removed: await make(`amira.dup${suffix}`, 'AMIRA', `amira.dup${suffix}@example.org`),
    kept: await make(`amira${suffix}`, 'Amira', null),
  };
}

test('a super admin merges two accounts of one person, then undoes the merge', async ({
  page,
  request,
}) => {
  const { removed, kept } = await twoAccounts(request);
  await startAs(page, 'super_admin');
  await page.waitForURL(/\/en\/home/);
  await page.goto('/en/userMerge');

  const pick = async (section: string, id: number) => {
    const region = page.getByRole('region', { name: section });
    await region
      .getByRole('searchbox', { name: 'Find by JWL-ID, name, username or e-mail' })
      .fill(String(id));
    await region
      .getByRole('button', { name: new RegExp(`^Choose .*\\(${String(id)}\\)$`) })
      .click();
    await expect(region.getByText(`· ${String(id)}`)).toBeVisible();
  };
  await pick('Person to remove', removed);
  await pick('Person to keep', kept);
  await page.getByRole('button', { name: 'Compare' }).click();

  await expect(page).toHaveURL(new RegExp(`/en/userMerge/${String(removed)}/${String(kept)}$`));
  await expect(
    page.getByRole('heading', { name: `Merge ${String(removed)} into ${String(kept)}` }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /Roles 1 1/ })).toBeVisible();
  // The kept account has no e-mail: the removed one's is chosen; the name stays the kept one's.
  await expect(page.getByRole('radio', { name: /E-mail: keep amira\.dup/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /First name: keep Amira \(kept/ })).toBeChecked();
  await expectAccessible(page);
  await snap(page, 'user-merge-compare-1280', { fullPage: true });

  await page.getByRole('button', { name: 'Merge', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge two people' });
  await expect(dialog).toContainText('can no longer sign in');
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'can no longer sign in' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to user merge' }).click();
  await expect(page).toHaveURL(/\/en\/userMerge$/);
  const row = page.getByRole('row').filter({ hasText: `(${String(removed)})` });
  await expect(row).toContainText(`(${String(kept)})`);
  await expect(row).toContainText('Roles 1');
  await settled(page);
  await expectAccessible(page);

  await row.getByRole('button', { name: /^Undo the merge/ }).click();
  const undo = page.getByRole('dialog', { name: 'Undo merge' });
  await undo.getByRole('button', { name: 'Undo merge' }).click();
  await expect(row.getByText('undone')).toBeVisible();

  // Undone: the comparison is possible again, with both accounts as they were.
  await page.goto(`/en/userMerge/${String(removed)}/${String(kept)}`);
  await expect(page.getByRole('button', { name: 'Merge', exact: true })).toBeEnabled();
  await expect(page.getByText('removed', { exact: true })).toHaveCount(0);
});
