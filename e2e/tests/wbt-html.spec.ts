import { ZipFile } from 'yazl';
import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { WBT_HTML_MIN_OPEN_SECONDS } from '@lantern/contracts/wbt';
import { expectAccessible, pageOf, snap } from './support';

// A plain HTML package (no SCORM API) from upload to a grade (decision 0020 §2.5): graded by
// completion, it counts as done on "Mark as done" once it was open WBT_HTML_MIN_OPEN_SECONDS.
// The student opens it, the page counts its time open, "Mark as done" hands it in; the attempt
// shows the time spent (not 0 s), progress counts it, the grade is full points, and opening the
// finished attempt again is a review that records nothing.

test.describe.configure({ timeout: 360_000 });

const stamp = Date.now().toString(36);
const UNIT = `HTML unit ${stamp}`;
const TRAINING = `Fire drill ${stamp}`;

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fire drill</title></head>
<body><main><h1>Fire drill</h1><p>Walk to the nearest exit, then to the meeting point.</p></main></body>
</html>
`;

function htmlPackage(): Promise<Buffer> {
  const archive = new ZipFile();
  archive.addBuffer(Buffer.from(PAGE), 'index.html', { mtime: new Date('2026-01-01T00:00:00Z') });
  archive.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    archive.outputStream.on('data', (c: Buffer) => chunks.push(c));
    archive.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    archive.outputStream.on('error', reject);
  });
}

/** Axe-checks the page and shoots it at 1280 and at 390 px. */
async function shoot(page: Page, name: string): Promise<void> {
  await expectAccessible(page);
  await snap(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await snap(page, `${name}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a plain HTML package is played to completion and earns its grade', async ({ browser }) => {
  // ---- the author: the package, graded by completion, in a new unit of BUS101 ----
  const author = await pageOf(browser, 'lead_faculty');
  await author.goto('/en/learning');
  const courseLink = author.getByRole('link', { name: /^BUS101 · / });
  const courseId = Number(
    /\/course\/(\d+)/.exec((await courseLink.getAttribute('href')) ?? '')?.[1],
  );
  expect(courseId).toBeGreaterThan(0);
  await author.goto(`/en/course/${courseId}/authoring`);
  await author.getByRole('textbox', { name: 'New unit' }).fill(UNIT);
  await author.getByRole('button', { name: 'Add unit' }).click();
  const unitCard = () => author.locator('.mantine-Card-root').filter({ hasText: UNIT });
  await expect(unitCard()).toBeVisible();
  await unitCard().getByRole('link', { name: 'Add web-based training' }).click();
  await author.getByRole('textbox', { name: 'Title' }).fill(TRAINING);
  await author.locator('input[type="file"]').setInputFiles({
    name: 'fire-drill.zip',
    mimeType: 'application/zip',
    buffer: await htmlPackage(),
  });
  await expect(author.getByText(/HTML package, 1 part/)).toBeVisible({ timeout: 30_000 });
  await author.getByRole('radio', { name: 'Completion: full points when complete' }).check();
  await author.getByRole('spinbutton', { name: 'Points' }).fill('10');
  await author.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(author).toHaveURL(/\/authoring\/item\/\d+$/);
  const itemId = Number(/\/item\/(\d+)$/.exec(author.url())?.[1]);
  await author.goto(`/en/course/${courseId}/authoring`);
  await unitCard().getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(unitCard()).toContainText('Published');

  // ---- the student opens it, reads it, and marks it done ----
  const student = await pageOf(browser, 'student');
  await student.goto(`/en/unit_wbt/${itemId}`);
  await student.getByRole('button', { name: 'Start', exact: true }).click();
  const content = student.frameLocator('iframe.wbt-frame').frameLocator('#sco');
  await expect(content.getByRole('heading', { name: 'Fire drill' })).toBeVisible();
  // The task's chip follows the attempt.
  const title = student.getByRole('heading', { level: 1, name: TRAINING });
  await expect(title.locator('xpath=..')).toContainText('In progress');
  // Open long enough to count as done.
  await student.waitForTimeout((WBT_HTML_MIN_OPEN_SECONDS + 3) * 1000);
  await student.getByRole('button', { name: 'Mark as done' }).click();
  await expect(student.getByText('Marked as done.', { exact: true })).toBeVisible();
  await shoot(student, 'wbt-html-done');

  await student.reload();
  const attemptRow = student
    .getByRole('row')
    .filter({ has: student.getByRole('cell', { name: 'Completed', exact: true }) });
  // The time open is the attempt's time spent (at least the minute it was open).
  await expect(attemptRow).toContainText(/1 min \d\d s/);
  await expect(title.locator('xpath=..')).not.toContainText('In progress');

  // A finished attempt opens as a review: it says so, and records nothing.
  await student.getByRole('button', { name: 'Review the finished attempt' }).click();
  await expect(student.getByText('Review of a finished attempt')).toBeVisible();
  await expect(student.getByRole('button', { name: 'Mark as done' })).toHaveCount(0);
  await shoot(student, 'wbt-html-review');

  // ---- progress and the grade ----
  await student.goto('/en/track');
  await expect(student.getByRole('link', { name: UNIT }).locator('xpath=..')).toContainText(
    '1 of 1 done',
  );
  await student.getByRole('tab', { name: 'Grades' }).click();
  await expect(student.getByRole('row').filter({ hasText: TRAINING })).toContainText('10 / 10');
});
