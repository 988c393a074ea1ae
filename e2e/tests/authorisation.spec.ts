import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { expectAccessible, snap, startAs } from './support';

/** The right the journey gives the Coordinator role and takes away again: it opens the mail log
 * under Administration, so a coordinator sees it in the menu. */
const RIGHT = 'MAIL_LOG__DISPLAY';
const RIGHT_LABEL = 'Mail log — view';

/** The Coordinator role as the API has it now, read with the page's own sign-in. */
async function coordinatorRole(page: Page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/en/authorisation/roles', {
      headers: { authorization: `Bearer ${localStorage.getItem('authCode') ?? ''}` },
    });
    const body = (await res.json()) as {
      roles: { key: string; version: number; rights: string[] }[];
    };
    const role = body.roles.find((r) => r.key === 'COORDINATOR');
    if (!role) throw new Error('no COORDINATOR role');
    return role;
  });
}

async function adminMenuItems(page: Page): Promise<string[]> {
  const admin = page.getByRole('button', { name: 'Administration' });
  if ((await admin.count()) === 0) return [];
  await admin.click();
  await expect(page.getByRole('menu')).toBeVisible();
  const items = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return items;
}

test('an admin gives the Coordinator role a right; a coordinator sees it after reload; the audit log shows the change', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const coordinatorContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const coordinator = await coordinatorContext.newPage();
  await startAs(admin, 'admin');
  await expect(admin).toHaveURL(/\/en\/home/);
  await startAs(coordinator, 'coordinator');
  await expect(coordinator).toHaveURL(/\/en\/home/);
  await expect(coordinator.getByRole('navigation').first()).toBeVisible();
  expect(await adminMenuItems(coordinator)).not.toContain('Mail log');

  const original = await coordinatorRole(admin);
  expect(original.rights).not.toContain(RIGHT);
  try {
    // The matrix, searched and narrowed to the one role.
    await admin.goto('/en/authorisation?q=mail%20log&role=COORDINATOR');
    const box = admin.getByRole('checkbox', { name: `Coordinator: ${RIGHT_LABEL}` });
    await expect(box).not.toBeChecked();
    await expectAccessible(admin);
    await snap(admin, 'authorisation-matrix');
    await box.click();
    const dialog = admin.getByRole('dialog', { name: 'Change the rights of Coordinator' });
    await expect(dialog).toContainText(RIGHT_LABEL);
    await expect(dialog).toContainText(/This changes the rights of \d+ users\./);
    await dialog.getByRole('button', { name: 'Change rights' }).click();
    await expect(dialog).toBeHidden();
    await expect(box).toBeChecked();

    // The coordinator's next load reads the new rights.
    await coordinator.reload();
    await expect(coordinator.getByRole('button', { name: 'Administration' })).toBeVisible();
    expect(await adminMenuItems(coordinator)).toContain('Mail log');
    await coordinator.goto('/en/mail-log');
    await expect(coordinator.getByRole('heading', { name: 'Mail log' })).toBeVisible();
    // The log's table scrolls in its own box on a phone: the box takes focus (axe at 390 px).
    await expectAccessible(coordinator);

    // The audit log has the change, with who made it and what changed.
    await admin.goto('/en/audit-log?entityType=role&entityId=COORDINATOR');
    const row = admin.getByRole('row', { name: /Rights of a role changed/ }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('Daniel Okafor · ');
    await row.click();
    await expect(admin.getByRole('table', { name: /Changes of entry/ })).toContainText(RIGHT);
    await expectAccessible(admin);
    await snap(admin, 'audit-log-role-change');
  } finally {
    // The demo data stays as it was for the other journeys: the right goes again.
    const current = await coordinatorRole(admin);
    if (current.rights.includes(RIGHT)) {
      await admin.goto('/en/authorisation?q=mail%20log&role=COORDINATOR');
      await admin.getByRole('checkbox', { name: `Coordinator: ${RIGHT_LABEL}` }).click();
      await admin.getByRole('button', { name: 'Change rights' }).click();
      await expect(
        admin.getByRole('checkbox', { name: `Coordinator: ${RIGHT_LABEL}` }),
      ).not.toBeChecked();
    }
  }
  expect((await coordinatorRole(admin)).rights).toEqual(original.rights);
  await coordinator.reload();
  await expect(coordinator.getByRole('heading', { name: 'No Access' })).toBeVisible();

  await adminContext.close();
  await coordinatorContext.close();
});

test('a view-only user opening the authorisation page lands on not-authorised naming the right', async ({
  page,
}) => {
  await startAs(page, 'view_only_user');
  await expect(page).toHaveURL(/\/en\/home/);
  for (const [path, right, label] of [
    ['/en/authorisation', 'AUTHORISATION__DISPLAY', 'Authorisation — view'],
    ['/en/authorisationRoleList', 'ROLE__DISPLAY', 'Roles — view'],
    ['/en/authorisationRightList', 'RIGHT__DISPLAY', 'Rights — view'],
    ['/en/audit-log', 'AUDIT_LOG__DISPLAY', 'Audit log — view'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/en/not-authorised\\?missingRight=${right}$`));
    // The right by its label; its code is for those who set rights.
    await expect(page.getByText(`This page needs the right “${label}”.`)).toBeVisible();
    await expect(page.getByText(right)).toHaveCount(0);
  }
});

test('an admin reads the roles and the rights; a new role needs a key of its own', async ({
  page,
}) => {
  await startAs(page, 'admin');
  await expect(page).toHaveURL(/\/en\/home/);
  await page.goto('/en/authorisationRoleList');
  const roles = page.getByRole('table', { name: 'Roles' });
  await expect(roles.getByRole('row', { name: /COORDINATOR/ }).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New role' }).click();
  const form = page.getByRole('dialog', { name: 'New role' });
  await form.getByRole('textbox', { name: 'Key' }).fill('clc auditor');
  await form.getByRole('textbox', { name: 'Label' }).fill('CLC auditor');
  await form.getByRole('button', { name: 'Create role' }).click();
  await expect(form).toContainText('Use capital letters, digits and single underscores');
  // A key in use is refused by the server, next to the field; nothing is saved.
  await form.getByRole('textbox', { name: 'Key' }).fill('COORDINATOR');
  await form.getByRole('button', { name: 'Create role' }).click();
  await expect(form).toContainText('A role with this key already exists');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Rights of Coordinator' }).click();
  const picker = page.getByRole('dialog', { name: 'Rights of Coordinator' });
  await expect(
    picker.getByRole('checkbox', { name: 'Students — edit', exact: true }),
  ).toBeChecked();
  await expectAccessible(page);
  await picker.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/en/authorisationRightList?q=impersonate');
  const rights = page.getByRole('table', { name: 'Rights' });
  const impersonate = rights.getByRole('row', { name: /USER__IMPERSONATE/ });
  await expect(impersonate).toContainText('Super Admin');
  // Only the Super Admin role may impersonate (decision 0003).
  await expect(impersonate.getByText('Admin', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
});
