import { expect, test } from './journey';
import {
  MINIMUM_PARTS,
  finderPackage,
  minimumCallsPackage,
  passMarkPackage,
  popupPackage,
} from '../fixtures/wbt-packages';
import { expectAccessible, pageOf, snap } from './support';

// Trainings from real authoring tools (decision 0020, "As built (trainings from real authoring
// tools)"), one package of each kind made to the exact shape of its export: Storyline's course
// in a new window (which sees no cookie, no app storage, no token, cannot navigate the app and
// cannot reach the API), Golf's parts that only start and finish, SCORM 2004 with objectives
// and a pass mark, and a zip made by macOS Finder. Each is added by an author, played by the
// student to completion, and graded.

test.describe.configure({ timeout: 480_000 });

const stamp = Date.now().toString(36);
const UNIT = `Authoring tools ${stamp}`;

type Kind = {
  title: string;
  file: string;
  build: () => Promise<Buffer>;
  facts: RegExp;
  byCompletion?: boolean;
  itemId?: number;
};

const KINDS: Record<'popup' | 'golf' | 'passMark' | 'finder', Kind> = {
  popup: {
    title: `Fire safety ${stamp}`,
    file: 'story.zip',
    build: popupPackage,
    facts: /Fire safety — SCORM 1\.2, 1 part/,
  },
  golf: {
    title: `Golf minimum ${stamp}`,
    file: 'golf.zip',
    build: minimumCallsPackage,
    facts: new RegExp(`Golf explained – minimum calls — SCORM 1\\.2, ${MINIMUM_PARTS} parts`),
    byCompletion: true,
  },
  passMark: {
    title: `Golf rules ${stamp}`,
    file: 'golf-2004.zip',
    build: passMarkPackage,
    facts: /Golf rules test — SCORM 2004, 1 part/,
  },
  finder: {
    title: `Route ${stamp}`,
    file: 'Sécurité.zip',
    build: finderPackage,
    facts: /Sécurité routière — SCORM 1\.2, 1 part/,
  },
};

test('packages of real authoring tools are added, played to completion and graded', async ({
  browser,
}) => {
  // ---- the author adds the four trainings to a new unit of BUS101 ----
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
  for (const kind of Object.values(KINDS)) {
    await author.goto(`/en/course/${courseId}/authoring`);
    await unitCard().getByRole('link', { name: 'Add web-based training' }).click();
    await expect(author).toHaveURL(/\/authoring\/item\/new/);
    await author.getByRole('textbox', { name: 'Title' }).fill(kind.title);
    await author.locator('input[type="file"]').setInputFiles({
      name: kind.file,
      mimeType: 'application/zip',
      buffer: await kind.build(),
    });
    await expect(author.getByText(kind.facts)).toBeVisible({ timeout: 30_000 });
    if (kind.byCompletion)
      await author.getByRole('radio', { name: 'Completion: full points when complete' }).check();
    await author.getByRole('spinbutton', { name: 'Points' }).fill('10');
    await author.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(author).toHaveURL(/\/authoring\/item\/\d+$/);
    kind.itemId = Number(/\/item\/(\d+)$/.exec(author.url())?.[1]);
  }
  await author.goto(`/en/course/${courseId}/authoring`);
  await unitCard().getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(unitCard()).toContainText('Published');

  const student = await pageOf(browser, 'student');
  const studentContext = student.context();
  const open = async (kind: Kind) => {
    await student.goto(`/en/unit_wbt/${kind.itemId ?? 0}`);
    await student.getByRole('button', { name: 'Start', exact: true }).click();
    return student.frameLocator('iframe.wbt-frame').frameLocator('#sco');
  };
  const saveState = student.locator('p[data-state]');
  const attemptRow = () =>
    student
      .getByRole('row')
      .filter({ has: student.getByRole('cell', { name: 'Completed', exact: true }) });

  // ---- Storyline: the course opens in a new window, finds the runtime, finishes ----
  const appUrl = `/en/unit_wbt/${KINDS.popup.itemId ?? 0}`;
  let sco = await open(KINDS.popup);
  const popupPromise = studentContext.waitForEvent('page');
  await sco.getByRole('button', { name: 'Launch the course' }).click();
  const popup = await popupPromise;
  await expect(popup.getByText('Connected to the LMS.')).toBeVisible();
  await expect(popup.locator('#probe-cookie')).toHaveText('cookie: none');
  await expect(popup.locator('#probe-storage')).toHaveText('storage: none');
  await expect(popup.locator('#probe-app-storage')).toHaveText('app storage: blocked');
  await expect(popup.locator('#probe-token')).toHaveText('token: none');
  await expect(popup.locator('#probe-app-origin-known')).toHaveText('app origin known: yes');
  await expect(popup.locator('#probe-top-navigation')).toHaveText('top navigation: blocked');
  await expect(popup.locator('#probe-api')).toHaveText('api: blocked');
  await snap(popup, 'wbt-popup-window');
  await popup.getByRole('button', { name: 'Finish the course' }).click();
  await expect(popup.getByText('Course finished.')).toBeVisible();
  await expect(saveState).toHaveText('Saved', { timeout: 30_000 });
  // The app's window was not navigated by the package's.
  expect(new URL(student.url()).pathname).toBe(appUrl);
  await popup.close();
  await student.reload();
  await expect(attemptRow()).toContainText('90 %');

  // ---- Golf: each part only starts and finishes; all parts finished complete the attempt ----
  sco = await open(KINDS.golf);
  for (let part = 1; part <= MINIMUM_PARTS; part += 1) {
    if (part > 1) {
      await student.getByRole('textbox', { name: 'Part' }).click();
      await student.getByRole('option', { name: `Golf part ${part}` }).click();
    }
    await sco.getByRole('button', { name: `Done with part ${part}` }).click();
    await expect(sco.getByText(`Part ${part} finished.`)).toBeVisible();
    await expect(saveState).toHaveText('Saved', { timeout: 30_000 });
  }
  await student.reload();
  await expect(attemptRow()).toBeVisible();

  // ---- SCORM 2004: the manifest's objectives and pass mark; 73 % fails ----
  sco = await open(KINDS.passMark);
  await expect(sco.locator('#given')).toHaveText(
    'Objectives: PRIMARYOBJ, obj_etiquette; pass mark: 0.8; launch data: round=1; errors: 0.',
  );
  await sco.getByRole('button', { name: 'Submit the test' }).click();
  await expect(sco.getByText('Test submitted.')).toBeVisible();
  await expect(saveState).toHaveText('Saved', { timeout: 30_000 });
  await student.reload();
  await expect(attemptRow()).toContainText('73 %');
  await expect(attemptRow()).toContainText('Failed');
  await expectAccessible(student);
  await snap(student, 'wbt-pass-mark-1280', { fullPage: true });

  // ---- Finder's zip: decomposed names are served, its picture shows ----
  sco = await open(KINDS.finder);
  await sco.getByRole('button', { name: 'Terminer' }).click();
  await expect(sco.getByText('Leçon terminée.')).toBeVisible();
  await expect(saveState).toHaveText('Saved', { timeout: 30_000 });
  await student.reload();
  await expect(attemptRow()).toContainText('100 %');

  // ---- the grades ----
  await student.goto('/en/track');
  await student.getByRole('tab', { name: 'Grades' }).click();
  const grade = (kind: Kind) => student.getByRole('row').filter({ hasText: kind.title });
  await expect(grade(KINDS.popup)).toContainText('9 / 10');
  await expect(grade(KINDS.golf)).toContainText('10 / 10');
  await expect(grade(KINDS.passMark)).toContainText('7.3 / 10');
  await expect(grade(KINDS.finder)).toContainText('10 / 10');
  await expectAccessible(student);
  await snap(student, 'wbt-packages-grades-1280', { fullPage: true });
  await student.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(student);
  await snap(student, 'wbt-packages-grades-390', { fullPage: true });
});
