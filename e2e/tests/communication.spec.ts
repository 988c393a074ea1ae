import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { expectAccessible, pageOf, snap, waitForMail } from './support';

/** A signed-in page of its own (its own local storage), whose bell asks every 1.5 s. */
const bellCount = async (page: Page): Promise<number> => {
  const badge = page.getByTestId('bell-count');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.textContent());
};

test('an announcement to one CLC reaches its student without a reload, and no one elsewhere', async ({
  browser,
}) => {
  const title = `Kakuma library closed on Friday ${Date.now()}`;
  const student = await pageOf(browser, 'student', { pollMs: 1500 });
  await expect(student.getByTestId('notification-bell')).toBeVisible();
  await expect(student.getByTestId('bell-count')).toBeVisible();
  const before = await bellCount(student);

  const admin = await pageOf(browser, 'admin', { pollMs: 1500 });
  await admin.goto('/en/announcements');
  await expect(admin.getByRole('table', { name: 'Announcements' })).toContainText(
    'Welcome to the new term',
  );
  await expectAccessible(admin);
  await snap(admin, 'announcements-1280', { fullPage: true });
  await admin.getByRole('button', { name: 'New announcement' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog
    .getByRole('textbox', { name: 'Text' })
    .fill('The library is closed for stock-taking.');
  await dialog.getByRole('textbox', { name: 'CLCs' }).click();
  await admin.getByRole('option', { name: 'Kakuma CLC' }).click();
  await admin.keyboard.press('Escape');
  await snap(admin, 'announcement-editor-1280');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByRole('dialog')).toHaveCount(0);
  await expect(admin.getByRole('table', { name: 'Announcements' })).toContainText(title);

  // The student's bell goes up by one while the page stays as it is.
  await expect.poll(() => bellCount(student), { timeout: 20_000 }).toBe(before + 1);
  await student.getByTestId('notification-bell').click();
  await expect(student).toHaveURL(/\/en\/notifications/);
  const item = student.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Unread');
  await expectAccessible(student);
  await snap(student, 'notifications-1280', { fullPage: true });
  await item.getByRole('button', { name: title }).click();
  await expect(item).toContainText('The library is closed for stock-taking.');
  await expect(item).not.toContainText('Unread');
  await expect.poll(() => bellCount(student)).toBe(before);
  await student.setViewportSize({ width: 390, height: 844 });
  await snap(student, 'notifications-390', { fullPage: true });

  // student_2 is at Amman: nothing of it.
  const other = await pageOf(browser, 'student_2', { pollMs: 1500 });
  await other.goto('/en/notifications?type=announcement');
  await expect(other.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(other.getByText('Amman CLC: the exam room has moved')).toBeVisible();
  await expect(other.getByText(title)).toHaveCount(0);
});

test('a user reports an error and the helpdesk sees the page address and the error', async ({
  browser,
}) => {
  const page = await pageOf(browser, 'coordinator', { pollMs: 1500 });
  // The server fails once while the student list loads: the app records the error.
  await page.route(
    /\/api\/en\/student\?/,
    (route) =>
      route.fulfill({ status: 500, body: '{"detail":"Internal error","code":"INTERNAL"}' }),
    { times: 1 },
  );
  await page.goto('/en/student/list');
  const report = page.getByRole('link', { name: 'Report error' });
  await expect(report).toBeVisible();
  await report.click();
  await expect(page).toHaveURL(/\/en\/support_issue\?issueType=system-error/);
  const description = page.getByRole('textbox', { name: /What happened/ });
  await description.fill('The list did not load.');
  await page.getByRole('button', { name: 'Send to the helpdesk' }).click();
  await expect(page.getByText('Text appears to be too short')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'support-issue-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'support-issue-390', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await description.fill(
    'The student list did not load when I opened it this morning; it showed an error.',
  );
  await page.getByRole('button', { name: 'Send to the helpdesk' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Its number is' })).toBeVisible();
  const helpdeskMail = await waitForMail('helpdesk@lantern.example');
  expect(helpdeskMail.text).toContain('/en/student/list');

  const admin = await pageOf(browser, 'admin', { pollMs: 1500 });
  await admin.goto('/en/support-tickets?status=new');
  const table = admin.getByRole('table', { name: 'Helpdesk tickets' });
  await expect(table).toContainText('The student list did not load');
  await expectAccessible(admin);
  await snap(admin, 'support-tickets-1280', { fullPage: true });
  await table.getByText('The student list did not load').first().click();
  const drawer = admin.getByRole('dialog');
  await expect(drawer.getByTestId('ticket-page')).toContainText('/en/student/list');
  await expect(drawer.getByTestId('ticket-errors')).toContainText('/api/en/student');
  await snap(admin, 'support-ticket-1280', { fullPage: true });
  await drawer.getByRole('textbox', { name: /Reply to/ }).fill('We fixed the list. Thank you!');
  await drawer.getByRole('button', { name: 'Send reply' }).click();
  await expect(drawer).toContainText('We fixed the list. Thank you!');
  await expect(drawer).toContainText('In progress');
  await admin.setViewportSize({ width: 390, height: 844 });
  await snap(admin, 'support-ticket-390', { fullPage: true });
});

test('anyone can write to the helpdesk without signing in', async ({ page }) => {
  await page.goto('/en/login');
  await page.getByRole('link', { name: 'Contact the helpdesk' }).click();
  await expect(page).toHaveURL(/\/en\/public-ticket/);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Mary Achieng');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('mary.e2e@example.org');
  await page.getByRole('textbox', { name: 'Subject' }).fill('I forgot my username');
  await page.getByRole('textbox', { name: 'Your message' }).fill('Too short.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Text appears to be too short')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'public-ticket-1280', { fullPage: true });
  await page
    .getByRole('textbox', { name: 'Your message' })
    .fill('I was a student in 2024 and cannot remember my username. How can I sign in again?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toContainText('Your message has reached the helpdesk');
  expect((await waitForMail('mary.e2e@example.org')).subject).toContain('I forgot my username');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'public-ticket-390', { fullPage: true });
});
