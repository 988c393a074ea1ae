import { readFile } from 'node:fs/promises';
import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { packageWithoutManifest, scorm12Package } from '../fixtures/scorm12-package';
import { expectAccessible, pageOf, snap } from './support';

// Web-based trainings (decision 0020 §2) in one journey: an author's package without a manifest
// is refused with its sentence; a small SCORM 1.2 package is uploaded and added to a unit; the
// student plays step 1, loses the network, plays step 2 (kept in the app's queue), comes back
// online and the queue drains; the completion shows in the student's progress and the teacher's
// grade book (8 of 10 from a score of 80 %); the report of all trainings shows the class.

test.describe.configure({ timeout: 360_000 });

const stamp = Date.now().toString(36);
const UNIT = `Training unit ${stamp}`;
const TRAINING = `Safe water ${stamp}`;

/** Axe-checks the page and shoots it at 1280 and at 390 px. */
async function shoot(page: Page, name: string): Promise<void> {
  await expectAccessible(page);
  await snap(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await snap(page, `${name}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const zipFile = async (name: string, build: () => Promise<Buffer>) => ({
  name,
  mimeType: 'application/zip',
  buffer: await build(),
});

test('a SCORM 1.2 training is uploaded, played to completion through a lost link, and graded', async ({
  browser,
}) => {
  // ---- the author: a refused package, then the training in a new unit of BUS101 ----
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
  await expect(author).toHaveURL(/\/authoring\/item\/new/);
  await author.getByRole('textbox', { name: 'Title' }).fill(TRAINING);

  const upload = author.locator('input[type="file"]');
  await upload.setInputFiles(await zipFile('notes.zip', packageWithoutManifest));
  await expect(
    author.getByText(
      'This package has no imsmanifest.xml (SCORM) or index.html (HTML) at its top level.',
    ),
  ).toBeVisible({ timeout: 30_000 });
  await shoot(author, 'wbt-package-refused');

  await upload.setInputFiles(await zipFile('safe-water.zip', scorm12Package));
  await expect(author.getByText(/Safe water at home — SCORM 1\.2, 1 part/)).toBeVisible({
    timeout: 30_000,
  });
  await author.getByRole('spinbutton', { name: 'Points' }).fill('10');
  await author.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(author).toHaveURL(/\/authoring\/item\/\d+$/);
  const itemId = Number(/\/item\/(\d+)$/.exec(author.url())?.[1]);
  await shoot(author, 'wbt-authoring');
  await author.goto(`/en/course/${courseId}/authoring`);
  await unitCard().getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(unitCard()).toContainText('Published');

  // ---- the student plays step 1, goes offline, plays step 2, comes back ----
  const student = await pageOf(browser, 'student');
  const studentContext = student.context();
  await student.goto(`/en/course/${courseId}`);
  await student
    .getByRole('link', { name: new RegExp(UNIT) })
    .first()
    .click();
  await student.getByText(TRAINING).first().click();
  await student.getByRole('link', { name: 'Open the training' }).click();
  await expect(student).toHaveURL(new RegExp(`/en/unit_wbt/${itemId}$`));
  await expect(student.getByText('You have not started this training yet.')).toBeVisible();
  await shoot(student, 'wbt-unit-start');
  await student.getByRole('button', { name: 'Start', exact: true }).click();

  const sco = student.frameLocator('iframe.wbt-frame').frameLocator('#sco');
  await sco.getByRole('button', { name: 'Next step' }).click();
  await expect(sco.getByText('Step 1 done.')).toBeVisible();
  const saveState = student.locator('[data-state]');
  await expect(saveState).toHaveText('Saved');

  await studentContext.setOffline(true);
  await sco.getByRole('button', { name: 'Finish the training' }).click();
  await expect(sco.getByText('Training finished.')).toBeVisible();
  await expect(saveState).toHaveText(
    'Offline — your progress is kept and sent when you are back online',
  );
  const queued = await student.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('lantern-wbt:')),
  );
  expect(queued).toHaveLength(1);
  // Shots only while offline: axe's frame checks wait on the network.
  await snap(student, 'wbt-offline-1280', { fullPage: true });

  await studentContext.setOffline(false);
  await expect(saveState).toHaveText('Saved', { timeout: 30_000 });
  await shoot(student, 'wbt-player');
  await student.reload();
  // The header row has a "Completed" column: the attempt's row has it as a cell.
  const attemptRow = student
    .getByRole('row')
    .filter({ has: student.getByRole('cell', { name: 'Completed', exact: true }) });
  await expect(attemptRow).toContainText('80 %');
  await shoot(student, 'wbt-unit-completed');
  // The learner's screen right to left.
  await student.getByRole('combobox', { name: /language/i }).selectOption('ar');
  await expect(student.locator('html')).toHaveAttribute('dir', 'rtl');
  await shoot(student, 'wbt-unit-completed-ar');
  await student.getByRole('combobox').first().selectOption('en');
  await expect(student.locator('html')).toHaveAttribute('dir', 'ltr');

  // ---- progress and the grade book ----
  await student.goto('/en/track');
  // Progress counts items per unit: the training's unit is done.
  await expect(student.getByRole('link', { name: UNIT }).locator('xpath=..')).toContainText(
    '1 of 1 done',
  );
  await shoot(student, 'wbt-track');
  await student.getByRole('tab', { name: 'Grades' }).click();
  const gradeRow = student.getByRole('row').filter({ hasText: TRAINING });
  await expect(gradeRow).toContainText('8 / 10');
  const gradeHref = await gradeRow.getByRole('link', { name: TRAINING }).getAttribute('href');
  const submissionId = Number(/[?&]submission=(\d+)/.exec(gradeHref ?? '')?.[1]);
  expect(submissionId).toBeGreaterThan(0);

  const teacher = await pageOf(browser, 'faculty');
  await teacher.goto(`/en/course/${courseId}/grade-book`);
  const grid = teacher.getByRole('grid');
  // Columns are virtual and the course holds the other journeys' trainings too: the newest
  // column is the last, brought into view by scrolling the grid to its end.
  await expect(grid).toContainText('Result');
  await grid.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(grid).toContainText(TRAINING);
  await expect(grid).toContainText('8');
  await shoot(teacher, 'wbt-grade-book');
  // The grade page shows the attempt the hand-in came from.
  await teacher.goto(`/en/grade/${submissionId}`);
  const attemptView = teacher.getByRole('region', { name: 'Training attempt 1' });
  await expect(attemptView).toContainText('Completed');
  await expect(attemptView).toContainText('80 %');
  await shoot(teacher, 'wbt-grade-page');

  // ---- every training and the report (WBT_ALL), from the learning menu ----
  await author.goto('/en/learning');
  await author
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Web-based trainings' })
    .click();
  await expect(author).toHaveURL(/\/en\/wbts$/);
  await author.getByRole('textbox', { name: 'Search by title' }).fill(stamp);
  await author.getByRole('link', { name: TRAINING }).click();
  await expect(author).toHaveURL(new RegExp(`/en/wbts/${itemId}/report$`));
  await expect(author.getByRole('row').filter({ hasText: 'KAK-1' }).first()).toBeVisible();
  await shoot(author, 'wbt-report');
  const download = author.waitForEvent('download');
  await author.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.split('\r\n')[0]).toContain('"Learner","Learner ID","Class"');
  expect(csv).toMatch(/,"1","completed","unknown","80",/);
});
