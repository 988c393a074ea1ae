import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from './journey';
import type { Browser, Page } from '@playwright/test';
import { pageOf, shoot } from './support';

// Decision 0022 as its users meet it on the demo bachelor programme 512: an external transfer
// in with its conversion, approved with source and converted grade side by side, landing in the
// student's credits; a term's final grades verified at three levels by three roles; grades out
// to the university's schema as CSV; and a student completed, exported and graduated.

const DOWNLOADS = new URL('../../.tmp/e2e-downloads/', import.meta.url).pathname;
// A seeded term that has started, no level approved yet, every grade final.
const TERM = '2025-su';
const TRANSFER_STUDENT = 'Faith Nsubuga';
// Passed every course, no export status yet.
const GRADUATE = 'Dilshad Jaf';

/** The demo programme 512's base path, found through the bachelor programme list. */
async function programmeBase(page: Page): Promise<string> {
  await page.goto('/en/programme/list/bachelor');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Liberal');
  await expect(page).toHaveURL(/q=Liberal/);
  await page.getByRole('cell', { name: '512', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/programme\/bachelor\/\d+/);
  const id = /programme\/bachelor\/(\d+)/.exec(page.url())?.[1] ?? '';
  return `/en/programme/bachelor/${id}`;
}

/** Clicks what downloads; returns the file's text. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  const waiting = page.waitForEvent('download');
  await click();
  const file = await waiting;
  mkdirSync(DOWNLOADS, { recursive: true });
  const path = `${DOWNLOADS}${file.suggestedFilename()}`;
  await file.saveAs(path);
  return readFileSync(path, 'utf8');
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Approves the first open scope of a verification step as this page's user. */
async function approveStep(page: Page, step: 1 | 2 | 3): Promise<void> {
  const section = page.getByRole('region', { name: `Step ${String(step)}` });
  await section.getByRole('button', { name: 'Approve' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Approve these grades?' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
}

async function verificationOf(browser: Browser, user: string, base: string): Promise<Page> {
  const page = await pageOf(browser, user);
  await page.goto(`${base}/verification?term=${TERM}`);
  await expect(page.getByRole('heading', { name: 'Step 1: ' + 'Basic check' })).toBeVisible();
  return page;
}

test('bachelor records: transfer in, verify at three levels, grades out, graduated', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const manager = await pageOf(browser, 'academic_manager');
  const base = await programmeBase(manager);

  await test.step('an external transfer in, proposed with its conversion and approved', async () => {
    await manager.goto(`${base}/transfer-in/external`);
    const form = manager.getByRole('form', { name: 'Propose an external transfer' });
    // Wrong first: nothing filled; the fields say what is missing.
    await form.getByRole('button', { name: 'Propose transfer' }).click();
    await expect(form.getByRole('textbox', { name: 'Institution' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(form.getByText('Choose the student')).toBeVisible();
    await form.getByRole('textbox', { name: 'Student' }).fill('Nsubuga');
    await manager.getByRole('option', { name: new RegExp(TRANSFER_STUDENT) }).click();
    await form.getByRole('textbox', { name: 'Institution' }).fill('Makerere University');
    await form.getByRole('textbox', { name: 'Course taken there' }).fill('Applied statistics');
    await choose(manager, 'Grading schema', /^Percentage, pass at 60/);
    await form.getByRole('textbox', { name: 'Grade' }).fill('84');
    await form.getByRole('textbox', { name: 'Credits' }).fill('3');
    await choose(manager, 'Counts for the course', /^LIB130 /);
    // The preview converts as the server will: 84 % is an A- (3.5) by the newest conversion.
    await expect(manager.getByRole('alert').filter({ hasText: 'Converted grade' })).toContainText(
      '3.5 A- (Four-point scale, conversion version 2)',
    );
    await form.getByRole('button', { name: 'Propose transfer' }).click();
    await expect(manager).toHaveURL(/\/transfer-in\/approval$/);

    const item = manager
      .getByRole('list', { name: 'Transfers' })
      .getByRole('listitem')
      .filter({ hasText: TRANSFER_STUDENT })
      .filter({ hasText: 'Makerere University' });
    await expect(item).toContainText('84 (Percentage, pass at 60, version 1)');
    await expect(item).toContainText('3.5 A- (Four-point scale, conversion version 2)');
    await shoot(manager, 'bachelor-transfer-approval');
    // Approval is another person's step: the admin approves what the manager proposed.
    const approver = await pageOf(browser, 'admin');
    await approver.goto(`${base}/transfer-in/approval`);
    const proposed = approver
      .getByRole('list', { name: 'Transfers' })
      .getByRole('listitem')
      .filter({ hasText: TRANSFER_STUDENT })
      .filter({ hasText: 'Makerere University' });
    await proposed.getByRole('button', { name: 'Approve' }).click();
    const approve = approver.getByRole('dialog', { name: 'Approve this transfer?' });
    await expect(approve).toContainText(`${TRANSFER_STUDENT} gets 3 credits for LIB130`);
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve).toBeHidden();
    await approver.close();

    // The student's credits show the entry.
    await manager.goto(`${base}/credits`);
    await manager.getByRole('searchbox', { name: 'Search' }).fill('Nsubuga');
    // The search in the address first: a row clicked while the list re-renders can miss.
    await expect(manager).toHaveURL(/q=Nsubuga/);
    await manager.getByRole('cell', { name: new RegExp(TRANSFER_STUDENT) }).click();
    await expect(manager).toHaveURL(/student=\d+/);
    const credits = manager.getByRole('region', { name: `Credits of ${TRANSFER_STUDENT}` });
    const entry = credits.getByRole('row').filter({ hasText: 'Transferred in' });
    await expect(entry).toContainText('LIB130');
    await expect(entry).toContainText('+3');
    await expect(entry).toContainText('3.5 (conversion v2)');
  });

  await test.step('a term verified at three levels by three roles', async () => {
    await manager.goto(`${base}/verification?term=${TERM}`);
    await expect(manager.getByRole('region', { name: 'Step 2' })).toContainText(
      'Waiting for the level below',
    );
    await approveStep(manager, 1);
    await expect(manager.getByRole('region', { name: 'Step 1' })).toContainText('Approved by');

    // The lead coordinator sees and approves only their CLC.
    const coordinator = await verificationOf(browser, 'lead_coordinator', base);
    const step2 = coordinator.getByRole('region', { name: 'Step 2' });
    await expect(step2.getByText(/^CLC check: /)).toHaveCount(1);
    await approveStep(coordinator, 2);
    await expect(step2).toContainText('Approved by');
    await coordinator.close();

    // The university waits for every CLC of the term; an admin approves the other two.
    const university = await verificationOf(browser, 'university_representative', base);
    await expect(university.getByRole('region', { name: 'Step 3' })).toContainText(
      /Every CLC of the term must be approved first \(2 waiting\)/,
    );
    const admin = await verificationOf(browser, 'admin', base);
    await approveStep(admin, 2);
    await approveStep(admin, 2);
    await expect(
      admin.getByRole('region', { name: 'Step 2' }).getByRole('button', { name: 'Approve' }),
    ).toHaveCount(0);
    await admin.close();

    await university.reload();
    const step3 = university.getByRole('region', { name: 'Step 3' });
    await expect(step3).toContainText('Waiting for approval');
    await shoot(university, 'bachelor-verification');
    await approveStep(university, 3);
    await expect(step3).toContainText('Approved by');
    await university.close();
  });

  await test.step('grades out in the university’s schema, as CSV', async () => {
    await manager.goto(`${base}/transfer-out/transfer-grades-out`);
    await choose(manager, 'The university’s grading schema', 'Percentage, pass at 60');
    await choose(manager, 'Course', 'LIB110 Academic writing');
    await expect(manager).toHaveURL(/\/transfer-grades-out\/\d+\/\d+$/);
    await expect(manager.getByRole('table', { name: 'Grades out, first rows' })).toBeVisible();
    const csv = await downloaded(manager, () =>
      manager.getByRole('button', { name: 'Download CSV' }).click(),
    );
    const [first, second] = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(first).toMatch(/^"?JWL-ID"?,"?Name"?,"?Course code"?,"?Course"?,"?Credits"?,/);
    expect(second).toContain('LIB110');
  });

  await test.step('a student completed, exported in a batch, then graduated', async () => {
    await manager.goto(`${base}/verification?tab=exports`);
    await manager.getByRole('searchbox', { name: 'Search' }).fill(GRADUATE);
    const table = manager.getByRole('table', { name: 'Students and their export status' });
    const row = table.getByRole('row').filter({ hasText: GRADUATE });
    await expect(row).toContainText('Not completed yet');
    await expect(table.getByRole('row')).toHaveCount(2);

    const mark = async (label: 'Mark completed' | 'Mark graduated') => {
      await row.getByRole('checkbox', { name: `Select ${GRADUATE}` }).check();
      await manager.getByRole('button', { name: `${label} (1)` }).click();
      const dialog = manager.getByRole('dialog', { name: label });
      await dialog.getByRole('button', { name: label }).click();
      await expect(dialog).toBeHidden();
    };
    await mark('Mark completed');
    await expect(row).toContainText('Completed');

    await row.getByRole('checkbox', { name: `Select ${GRADUATE}` }).check();
    await expect(manager.getByText('Export 1 chosen completed student')).toBeVisible();
    const batch = await downloaded(manager, () =>
      manager.getByRole('button', { name: 'Export CSV' }).click(),
    );
    const [header, only, rest] = batch.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toMatch(/^"JWL-ID","First name","Last name","CLC",/);
    expect(only).toMatch(/^"\d+","Dilshad","Jaf",/);
    expect(rest ?? '').toBe('');
    await expect(row).toContainText('Completed and exported');
    await expect(row).toContainText(/#\d+/);

    await mark('Mark graduated');
    await expect(row).toContainText('Graduated');
  });
});
