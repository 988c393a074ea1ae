import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { expectAccessible, snap, startAs } from './support';

/** The page at a desk (1280 px) and on a phone (390 px), saved for a look. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** A date of birth that makes someone `years` old today. */
function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

const stamp = String(Date.now()).slice(-6);
const lastName = `Okelloe${stamp}`;

test.describe.serial('a coordinator manages a student of their CLC', () => {
  test('creates a student, first with wrong inputs, finds, edits and sees the history', async ({
    page,
  }) => {
    await startAs(page, 'coordinator');
    await expect(page).toHaveURL(/\/en\/home/);
    await page.goto('/en/student/list');
    await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Students' }).getByRole('row').nth(1),
    ).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'student-list');

    await page.getByRole('link', { name: 'New student' }).click();
    await expect(page.getByRole('heading', { name: 'New student' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'student-new');

    // Wrong: no first name, a bad e-mail, a bad phone, 12 years old, no CLC.
    await field(page, 'Last name').fill(lastName);
    await field(page, 'Username').fill(`okelloe.${stamp}`);
    await field(page, 'E-mail').fill('grace.at.example');
    await field(page, 'Phone').fill('123');
    await page.getByLabel('Date of birth').fill(bornYearsAgo(12));
    await page.getByRole('button', { name: 'Create student' }).click();
    await expect(field(page, 'First name')).toHaveAccessibleDescription(
      'This field must be filled',
    );
    await expect(field(page, 'E-mail')).toHaveAccessibleDescription(
      'Must be a valid E-Mail address',
    );
    await expect(page.getByLabel('Date of birth')).toHaveAccessibleDescription(
      'None plausible date of birth. The age must be between 15 and 100.',
    );
    await expect(page.getByRole('textbox', { name: 'CLCs' })).toHaveAccessibleDescription(
      'At least 1 option must be selected',
    );
    await expect(page.getByText('The student was not created').first()).toBeVisible();
    await shoot(page, 'student-new-errors');

    // Right, except the phone: only the server reads a phone, and says so by the field.
    await field(page, 'First name').fill('Grace');
    await field(page, 'E-mail').fill(`grace.${stamp}@example.org`);
    await page.getByLabel('Date of birth').fill(bornYearsAgo(19));
    await page.getByRole('textbox', { name: 'CLCs' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create student' }).click();
    await expect(field(page, 'Phone')).toHaveAccessibleDescription(
      /Please enter a valid phone number/,
    );

    await field(page, 'Phone').fill('+254 712 345 678');
    await page.getByRole('button', { name: 'Create student' }).click();
    await expect(page).toHaveURL(/\/en\/student\/\d+\/overview$/);
    await expect(page.getByRole('heading', { name: `Grace ${lastName}` })).toBeVisible();
    await expect(page.getByText('Student created').first()).toBeVisible();

    // Found in the list by search.
    await page.goto('/en/student/list');
    await page.getByRole('searchbox', { name: 'Search' }).fill(lastName);
    await expect(page).toHaveURL(new RegExp(`q=${lastName}`));
    const row = page.getByRole('row').filter({ hasText: lastName });
    await expect(row).toHaveCount(1);
    await row.click();
    await expect(page).toHaveURL(/\/overview$/);
    await expectAccessible(page);
    await shoot(page, 'student-overview');

    // Edit, and the change shows in the history on the overview.
    await page.getByRole('link', { name: 'Edit student' }).click();
    await expect(page.getByRole('heading', { name: `Edit Grace ${lastName}` })).toBeVisible();
    await shoot(page, 'student-edit');
    await field(page, 'Native language').fill('Swahili');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Successfully updated')).toBeVisible();
    await page.getByRole('link', { name: '← Overview' }).click();
    await expect(page.getByText('Native language: — → Swahili')).toBeVisible();
  });

  test('a coordinator of another CLC does not find that student', async ({ page }) => {
    await startAs(page, 'coordinator_2');
    await expect(page).toHaveURL(/\/en\/home/);
    await page.goto(`/en/student/list?q=${lastName}`);
    await expect(page.getByText('No students found')).toBeVisible();
  });
});

test('an admin opens every people screen at desk and phone width', async ({ page }) => {
  await startAs(page, 'admin');
  await expect(page).toHaveURL(/\/en\/home/);
  for (const kind of ['facilitator', 'coordinator', 'user'] as const) {
    await page.goto(`/en/${kind}/list`);
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await shoot(page, `${kind}-list`);
    await table.getByRole('row').nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/en/${kind}/\\d+/edit$`));
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await shoot(page, `${kind}-edit`);
    await page.goto(`/en/${kind}/new`);
    await expect(page.getByRole('button', { name: /^Create / })).toBeVisible();
    await shoot(page, `${kind}-new`);
  }
  await expectAccessible(page);
  // A list's state is in the address: a link reproduces it, and Back returns to the last one.
  await page.goto('/en/student/list?status=active&sort=id&dir=desc&limit=50');
  await expect(page.getByRole('textbox', { name: 'Status', exact: true })).toHaveValue('Active');
  await page.getByRole('button', { name: /Last name/ }).click();
  await expect(page).toHaveURL(/sort=lastName|dir=asc|^(?!.*sort=id)/);
  await page.goBack();
  await expect(page).toHaveURL(/sort=id&dir=desc/);

  // The next page is read after the last row seen (its cursor is in the address); Back returns.
  const loaded = page.waitForResponse((r) => r.url().includes('/api/en/student?'));
  await page.goto('/en/student/list');
  await loaded;
  const rows = page.getByRole('table', { name: 'Students' }).getByRole('row');
  await expect(page.getByText(/^1–25 of \d+/)).toBeVisible();
  const firstOfPage1 = (await rows.nth(1).textContent()) ?? '';
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2&after=/);
  await expect(rows.nth(1)).not.toHaveText(firstOfPage1);
  await page.getByRole('button', { name: 'Page 3', exact: true }).click();
  await expect(page).toHaveURL(/page=3&after=/);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2&before=/);
  await page.getByRole('button', { name: 'Page 1', exact: true }).click();
  await expect(page).not.toHaveURL(/page=|after=|before=/);
  await expect(rows.nth(1)).toHaveText(firstOfPage1);
});
