import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { pageOf, shoot } from './support';

// Similarity reports (decision 0020 §5) in one journey: an author adds a text task; two
// learners hand in answers that share a paragraph; the teacher finds the score in the grading
// queue and opens the report with the copied passage marked on both sides; the learner sees
// their own panel (in English and Arabic); the admin's list shows the checks.

test.describe.configure({ timeout: 180_000 });

const stamp = Date.now().toString(36);
const UNIT = `Similarity unit ${stamp}`;
const TASK = `Essay on rivers ${stamp}`;
const SHARED =
  'The old bridge over the river was built by the villagers in a single summer, with stones carried from the mountain by hand, and it still carries the morning market across the water to the town.';
const FIRST = `Rivers shape the places where people live. ${SHARED} Every spring the water rises and the fields on both banks turn green again.`;
const SECOND = `My grandmother often told me stories about our valley. ${SHARED} Today children cross it on their way to school and stop to watch the fishermen.`;

async function handIn(page: Page, courseId: number, text: string): Promise<void> {
  await page.goto(`/en/course/${courseId}`);
  await page
    .getByRole('link', { name: new RegExp(UNIT) })
    .first()
    .click();
  await page.getByText(TASK).first().click();
  await page.getByRole('link', { name: 'Write your answer' }).click();
  await expect(page).toHaveURL(/\/en\/submit_text\//);
  await page.getByRole('textbox', { name: 'Your answer' }).fill(text);
  await page.getByRole('button', { name: 'Hand in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Hand in' }).click();
  await expect(page.getByText('Waiting to be graded')).toBeVisible({ timeout: 20_000 });
}

test('two learners hand in overlapping texts; the teacher opens the report with the copied passage marked', async ({
  browser,
}) => {
  // ---- the author adds a text task to a new unit of BUS101 and publishes it ----
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
  await unitCard().getByRole('link', { name: 'Add text task' }).click();
  await author.getByRole('textbox', { name: 'Title' }).fill(TASK);
  await author.getByRole('textbox', { name: 'Instructions' }).fill('Write about a river you know.');
  await author.getByRole('button', { name: 'Add', exact: true }).click();
  // The instructions go through the sanitiser's thread: slow on a busy machine.
  await expect(author).toHaveURL(/\/authoring\/item\/\d+$/, { timeout: 60_000 });
  await author.goto(`/en/course/${courseId}/authoring`);
  await unitCard().getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(unitCard()).toContainText('Published');

  // ---- two learners hand in; the second shares a paragraph with the first ----
  const first = await pageOf(browser, 'student_2');
  await handIn(first, courseId, FIRST);
  const student = await pageOf(browser, 'student');
  await handIn(student, courseId, SECOND);

  // The learner's own panel: score and own text with the passage marked, no other name.
  const panel = student.getByRole('region', { name: 'Similarity of your work' });
  await expect(panel.getByText(/Similarity \d+ %/)).toBeVisible({ timeout: 30_000 });
  await expect(panel.locator('mark').first()).toContainText('old bridge over the river');
  await expect(panel).toContainText("Matches another learner's work handed in the same day.");
  await expect(panel).not.toContainText('Qasem');
  await shoot(student, 'similarity-learner');
  await student.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  await expect(student.getByRole('region', { name: 'تشابه عملك' })).toBeVisible({
    timeout: 30_000,
  });
  await shoot(student, 'similarity-learner-ar');
  // The language is kept with the account: back to English for the journeys after this one.
  await student.getByRole('combobox', { name: 'Language' }).selectOption('en');
  await expect(student.getByRole('region', { name: 'Similarity of your work' })).toBeVisible();

  // ---- the teacher finds the badge in the queue and opens the report ----
  const teacher = await pageOf(browser, 'faculty');
  await teacher.goto('/en/class_root');
  await teacher
    .getByRole('row')
    .filter({ hasText: '236 ·' })
    .getByRole('link', { name: 'KAK-1' })
    .click();
  await teacher.getByRole('tab', { name: 'To grade' }).click();
  const row = teacher.getByRole('row').filter({ hasText: TASK });
  await expect(row.getByText(/Similarity \d+ %/)).toBeVisible();
  await row.getByRole('link', { name: /Similarity \d+ %/ }).click();
  await expect(teacher).toHaveURL(/\/en\/similarity\/\d+/);
  await expect(
    teacher.getByRole('heading', { name: new RegExp(`Similarity report: ${TASK}`) }),
  ).toBeVisible();
  const thisWork = teacher.getByRole('region', { name: 'This work' });
  await expect(thisWork.locator('mark').first()).toContainText('old bridge over the river');
  // The other side: student_2's work (AMM) in full when the teacher reaches that learner,
  // else only the matched passage; either way the copied passage is marked.
  const matching = teacher.getByRole('region', { name: 'Matching work' });
  await expect(matching.locator('mark').first()).toContainText('old bridge over the river');
  await expect(
    teacher.getByRole('heading', { name: /Work of Yousef Qasem|Another learner's work/ }),
  ).toBeVisible();
  await teacher.getByRole('button', { name: 'Next passage' }).click();
  await expect(teacher.getByText(/Passage 1 of \d+/)).toBeVisible();
  await shoot(teacher, 'similarity-report');

  // ---- the admin's list, and the report with both texts ----
  const admin = await pageOf(browser, 'admin');
  await admin.goto('/en/similarity-checks');
  await expect(admin.getByRole('heading', { name: 'Similarity checks' })).toBeVisible();
  const adminRow = admin.getByRole('row').filter({ hasText: TASK }).filter({ hasText: 'Garang' });
  await expect(adminRow).toContainText('Done');
  await shoot(admin, 'similarity-checks');
  await adminRow.getByRole('link').first().click();
  await expect(
    admin.getByRole('region', { name: 'Matching work' }).locator('mark').first(),
  ).toContainText('old bridge over the river');
  await expect(admin.getByRole('heading', { name: /Work of Yousef Qasem/ })).toBeVisible();
});
