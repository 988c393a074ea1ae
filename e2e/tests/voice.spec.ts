import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { pageOf, shoot } from './support';

// Voice answers (decision 0020 §6) in one journey, with Chromium's fake microphone (a tone):
// an author adds a voice task; the student records, is refused handing in while recording,
// plays the recording back, records again (asked first) and hands in; the responsible teacher
// plays it on the grade page at another speed and grades it.

test.describe.configure({ timeout: 120_000 });
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

const stamp = Date.now().toString(36);
const UNIT = `Voice unit ${stamp}`;
const TASK = `Introduce yourself ${stamp}`;

/** The seconds an audio element can play, once the browser knows them. */
const durationOf = (page: Page, label: string) =>
  page.getByLabel(label).evaluate((el) => (el as HTMLAudioElement).duration);

test('a student records a spoken answer, plays it, hands it in; the teacher plays and grades it', async ({
  browser,
}) => {
  // ---- the author adds a voice task to a new unit of BUS101 and publishes it ----
  const author = await pageOf(browser, 'lead_faculty', { permissions: ['microphone'] });
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
  await unitCard().getByRole('link', { name: 'Add voice task' }).click();
  await expect(author).toHaveURL(/\/authoring\/item\/new/);
  await author.getByRole('textbox', { name: 'Title' }).fill(TASK);
  await author
    .getByRole('textbox', { name: 'Instructions' })
    .fill('Say who you are and what you hope to learn, in under a minute.');
  await author.getByRole('spinbutton', { name: 'Longest recording (seconds)' }).fill('60');
  await author.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(author).toHaveURL(/\/authoring\/item\/\d+$/);
  await shoot(author, 'voice-task-authoring');
  await author.goto(`/en/course/${courseId}/authoring`);
  await unitCard().getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(unitCard()).toContainText('Published');

  // ---- the student records ----
  const student = await pageOf(browser, 'student', { permissions: ['microphone'] });
  await student.goto(`/en/course/${courseId}`);
  await student
    .getByRole('link', { name: new RegExp(UNIT) })
    .first()
    .click();
  await student.getByText(TASK).first().click();
  await student.getByRole('link', { name: 'Record your answer' }).click();
  await expect(student).toHaveURL(/\/en\/submit_work\//);
  await shoot(student, 'voice-answer');
  await student.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(student.getByTestId('recording-time')).toContainText('Recording 0:02', {
    timeout: 10_000,
  });
  // Handing in while recording sends nothing.
  await student.getByRole('button', { name: 'Hand in' }).click();
  await expect(student.getByRole('alert')).toHaveText('Please stop your recording first');
  await expect(student.getByRole('dialog')).toHaveCount(0);
  await shoot(student, 'voice-recording');
  await student.getByRole('button', { name: 'Stop recording' }).click();
  const preview = 'Play your recording';
  await expect(student.getByLabel(preview)).toBeVisible();
  // The WebM has no duration in its header: the player makes the browser work it out.
  await expect.poll(() => durationOf(student, preview)).toBeGreaterThan(1.5);
  await student.getByLabel(preview).evaluate((el) => (el as HTMLAudioElement).play());
  await expect
    .poll(() => student.getByLabel(preview).evaluate((el) => (el as HTMLAudioElement).currentTime))
    .toBeGreaterThan(0.3);
  await shoot(student, 'voice-recorded');

  // Record again asks first, then replaces the recording.
  await student.getByRole('button', { name: 'Record again' }).click();
  const again = student.getByRole('dialog', { name: 'Record again?' });
  await again.getByRole('button', { name: 'Record again' }).click();
  await expect(student.getByTestId('recording-time')).toContainText('Recording 0:03', {
    timeout: 10_000,
  });
  await student.getByRole('button', { name: 'Stop recording' }).click();
  await expect(student.getByText(/^Your recording, 0:0[3-5]$/)).toBeVisible();
  await student.getByRole('button', { name: 'Hand in' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Hand in' }).click();
  await expect(student.getByText('Waiting to be graded')).toBeVisible({ timeout: 20_000 });

  // ---- the teacher plays it on the grade page and grades ----
  const teacher = await pageOf(browser, 'faculty', { permissions: ['microphone'] });
  await teacher.goto('/en/class_root');
  await teacher
    .getByRole('row')
    .filter({ hasText: '236 ·' })
    .getByRole('link', { name: 'KAK-1' })
    .click();
  await teacher.getByRole('tab', { name: 'To grade' }).click();
  await teacher.getByRole('row').filter({ hasText: TASK }).getByRole('link').first().click();
  await expect(teacher).toHaveURL(/\/en\/grade\/\d+/);
  const player = teacher.getByLabel('recording.webm', { exact: true });
  await expect(player).toBeVisible();
  await expect.poll(() => durationOf(teacher, 'recording.webm')).toBeGreaterThan(2.5);
  await expect(teacher.getByTestId('audio-length')).toContainText(/Length 0:0[3-5]/);
  await teacher.getByText('1.5×').click();
  await player.evaluate((el) => (el as HTMLAudioElement).play());
  await expect.poll(() => player.evaluate((el) => (el as HTMLAudioElement).playbackRate)).toBe(1.5);
  await expect
    .poll(() => player.evaluate((el) => (el as HTMLAudioElement).currentTime))
    .toBeGreaterThan(0.5);
  await teacher.getByRole('textbox', { name: /Points/ }).fill('9');
  await teacher.getByRole('button', { name: 'Save grade' }).click();
  await expect(teacher.getByText('Draft, not yet visible to the student')).toBeVisible();
  await shoot(teacher, 'voice-grade');
});
