import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { fillMoment, pageOf, shoot, snap } from './support';

// The whole job of decision 0019 in one journey: an author builds and publishes a unit with a
// text task and a file task in a course of the demo student's programme; the student writes,
// is refused too few words, hands in, sends a file through a cut connection that resumes, and
// hands it in; the online facilitator responsible for the tasks (the demo's faculty member)
// grades the work with a comment and publishes; the student's bell brings the comment and opens
// the graded work; the grade book shows the grade.

// About 70 s on a quiet machine; the room is for a busy one.
test.describe.configure({ timeout: 240_000 });

const stamp = Date.now().toString(36);
const UNIT = `Journey unit ${stamp}`;
const TEXT_TASK = `Reflection ${stamp}`;
const FILE_TASK = `Case file ${stamp}`;
const COMMENT = `Well argued; next time cite one source. (${stamp})`;
const ANSWER =
  'A good plan names what must be done, who does it and by when, and it is checked every week so that it can change when the facts change.';

/** A small valid PDF padded to `bytes`, so the upload takes long enough to be cut. */
function pdfOf(bytes: number): Buffer {
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n',
  );
  const tail = Buffer.from('\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  const pad = Buffer.alloc(Math.max(0, bytes - head.length - tail.length), 0x25);
  return Buffer.concat([head, pad, tail]);
}

async function addTask(
  page: Page,
  unit: ReturnType<Page['locator']>,
  kind: 'text' | 'file',
  title: string,
): Promise<void> {
  await unit
    .getByRole('link', { name: kind === 'text' ? 'Add text task' : 'Add file task' })
    .click();
  await expect(page).toHaveURL(/\/authoring\/item\/new/);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Instructions' })
    .fill(
      kind === 'text' ? 'Write how you would plan your next month.' : 'Hand in the case as a PDF.',
    );
  await fillMoment(page, 'Due', new Date(Date.now() + 7 * 24 * 3600 * 1000));
  if (kind === 'text') await page.getByRole('spinbutton', { name: 'Fewest words' }).fill('20');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  // A new item, once added, is edited at its own address.
  await expect(page).toHaveURL(/\/authoring\/item\/\d+$/);
}

test('an author publishes tasks, a student hands in text and a resumed file, a teacher grades, the student reads the comment', async ({
  browser,
}) => {
  // ---- the author builds the unit in BUS101 of programme 236 ----
  const author = await pageOf(browser, 'lead_faculty', { pollMs: 1500 });
  await author.goto('/en/learning');
  const courseLink = author.getByRole('link', { name: /^BUS101 · / });
  await expect(courseLink).toBeVisible();
  const href = (await courseLink.getAttribute('href')) ?? '';
  const courseId = Number(/\/course\/(\d+)/.exec(href)?.[1]);
  expect(courseId).toBeGreaterThan(0);
  await author.goto(`/en/course/${courseId}/authoring`);
  await author.getByRole('textbox', { name: 'New unit' }).fill(UNIT);
  await author.getByRole('button', { name: 'Add unit' }).click();
  const unitCard = () => author.locator('.mantine-Card-root').filter({ hasText: UNIT });
  await expect(unitCard()).toBeVisible();
  await addTask(author, unitCard(), 'text', TEXT_TASK);
  await shoot(author, 'learning-item-authoring');
  await author.goto(`/en/course/${courseId}/authoring`);
  await addTask(author, unitCard(), 'file', FILE_TASK);
  await author.goto(`/en/course/${courseId}/authoring`);
  await expect(unitCard()).toContainText(TEXT_TASK);
  await expect(unitCard()).toContainText(FILE_TASK);
  // The unit's own Publish comes first; it publishes its items with it.
  await unitCard().getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(unitCard()).toContainText('Published');
  await shoot(author, 'learning-course-authoring');

  // ---- the student reads the unit and writes ----
  const student = await pageOf(browser, 'student', { pollMs: 1500 });
  await student.goto(`/en/course/${courseId}`);
  await student
    .getByRole('link', { name: new RegExp(UNIT) })
    .first()
    .click();
  await expect(student).toHaveURL(/\/en\/unit(_overview)?\//);
  await shoot(student, 'learning-unit');
  await student.getByText(TEXT_TASK).first().click();
  await student.getByRole('link', { name: 'Write your answer' }).click();
  await expect(student).toHaveURL(/\/en\/submit_text\//);
  const answer = student.getByRole('textbox', { name: 'Your answer' });
  await answer.fill('Too short to count.');
  await expect(student.getByText('Saved at', { exact: false })).toBeVisible();
  // Too few words is said at the box before anything is sent: no confirmation opens.
  await student.getByRole('button', { name: 'Hand in' }).click();
  await expect(student.getByText('Not enough words.')).toBeVisible();
  await expect(student.getByRole('dialog')).toHaveCount(0);
  await shoot(student, 'learning-submit-text-refused');
  await answer.fill(ANSWER);
  await expect(student.getByText('Saved at', { exact: false })).toBeVisible();
  await student.getByRole('button', { name: 'Hand in' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Hand in' }).click();
  await expect(student.getByText('Your attempts')).toBeVisible();
  await expect(student.getByText('Waiting to be graded')).toBeVisible();

  // ---- the file, through a connection cut halfway ----
  await student.goto(`/en/course/${courseId}`);
  await student
    .getByRole('link', { name: new RegExp(UNIT) })
    .first()
    .click();
  await student.getByText(FILE_TASK).first().click();
  await student.getByRole('link', { name: 'Hand in your files' }).click();
  await expect(student).toHaveURL(/\/en\/submit_work\//);
  // A slow link, so the cut lands while the bytes are on their way.
  const cdp = await student.context().newCDPSession(student);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  const offsets: number[] = [];
  student.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('submission-uploads'))
      offsets.push(Number(request.headers()['upload-offset'] ?? '-1'));
  });
  const chooser = student.waitForEvent('filechooser');
  await student.getByRole('button', { name: 'Add a file' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'case-study.pdf',
    mimeType: 'application/pdf',
    buffer: pdfOf(6 * 1024 * 1024),
  });
  const progress = student.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect.poll(() => offsets.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await student.waitForTimeout(1500);
  await student.context().setOffline(true);
  await expect(progress).toContainText('Connection lost');
  await snap(student, 'learning-upload-paused-1280');
  await student.context().setOffline(false);
  await expect(student.getByRole('link', { name: 'case-study.pdf' })).toBeVisible({
    timeout: 30_000,
  });
  // It went on from what the server had, not from the start.
  expect(offsets.length).toBeGreaterThan(1);
  expect(offsets.at(-1)).toBeGreaterThan(0);
  await shoot(student, 'learning-submit-work');
  await student.getByRole('button', { name: 'Hand in' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Hand in' }).click();
  await expect(student.getByText('Waiting to be graded')).toBeVisible();

  // ---- the responsible teacher grades in their class ----
  const teacher = await pageOf(browser, 'faculty', { pollMs: 1500 });
  await teacher.goto('/en/class_root');
  await shoot(teacher, 'learning-class-root');
  // The demo student is in KAK-1 of programme 236 (there is a KAK-1 of 214 too).
  await teacher
    .getByRole('row')
    .filter({ hasText: '236 ·' })
    .getByRole('link', { name: 'KAK-1' })
    .click();
  await expect(teacher).toHaveURL(/\/en\/class\/\d+/);
  await teacher.getByRole('tab', { name: 'To grade' }).click();
  const row = teacher.getByRole('row').filter({ hasText: TEXT_TASK });
  await expect(row).toBeVisible();
  await shoot(teacher, 'learning-class-queue');
  await row.getByRole('link').first().click();
  await expect(teacher).toHaveURL(/\/en\/grade\/\d+/);
  await expect(teacher.getByText(ANSWER)).toBeVisible();
  await teacher.getByRole('textbox', { name: /Points/ }).fill('8');
  await teacher.getByRole('textbox', { name: 'Comment for the student' }).fill(COMMENT);
  await teacher.getByRole('button', { name: 'Save grade' }).click();
  await expect(teacher.getByText('Draft, not yet visible to the student')).toBeVisible();
  await teacher.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(teacher.getByText(/Published /)).toBeVisible();
  await shoot(teacher, 'learning-grade');

  // ---- the student's bell brings the comment and opens the graded work ----
  await student.goto('/en/learning');
  await expect(student.getByTestId('bell-count')).toBeVisible({ timeout: 20_000 });
  await student.getByTestId('notification-bell').click();
  await expect(student).toHaveURL(/\/en\/notifications/);
  await student.getByRole('tab', { name: /^Grade comments/ }).click();
  const note = student.getByRole('link', { name: `New comment on your work: ${TEXT_TASK}` });
  await expect(note).toBeVisible();
  await shoot(student, 'learning-notifications');
  await note.click();
  await expect(student).toHaveURL(/\/en\/submit_text\/\d+\?submission=\d+/);
  await expect(student.getByText('Graded: 8 of 10 points')).toBeVisible();
  await expect(student.getByText(COMMENT)).toBeVisible();
  await shoot(student, 'learning-graded-work');

  // ---- the grade book shows it ----
  await teacher.goto(`/en/course/${courseId}/grade-book`);
  const grid = teacher.getByRole('grid');
  await expect(grid).toContainText(TEXT_TASK);
  await expect(grid).toContainText('8');
  await shoot(teacher, 'learning-grade-book');
});
