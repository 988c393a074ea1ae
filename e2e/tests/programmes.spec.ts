import { mkdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { expect, test } from './journey';
import type { BrowserContext, Page } from '@playwright/test';
import { expectAccessible, picture, snap, startAs } from './support';

const DOWNLOADS = new URL('../../.tmp/e2e-downloads/', import.meta.url).pathname;

/** Notices of earlier steps outlive a change of page and cover its heading: left out of the
 * pictures that are about the page itself. */
const WITHOUT_NOTICES = '.mantine-Notifications-root { visibility: hidden !important; }';

/** The page at a desk (1280 px) and on a phone (390 px), saved for a look. */
const shoot = (page: Page, name: string, { notices = true } = {}) =>
  picture(page, name, notices ? undefined : WITHOUT_NOTICES);

/** Clicks a button that downloads, and keeps the file under the name the browser was given. */
async function download(page: Page, click: () => Promise<void>): Promise<string> {
  const waiting = page.waitForEvent('download');
  await click();
  const file = await waiting;
  mkdirSync(DOWNLOADS, { recursive: true });
  const path = `${DOWNLOADS}${file.suggestedFilename()}`;
  await file.saveAs(path);
  return path;
}

/**
 * A PDF as Chromium's own viewer draws it, saved as a picture: once the viewer's toolbar shows
 * the document's title, its page thumbnail is drawn and two pictures in a row are the same.
 */
async function shootPdf(
  context: BrowserContext,
  path: string,
  documentTitle: string,
  name: string,
): Promise<void> {
  const viewer = await context.newPage();
  await viewer.setViewportSize({ width: 1280, height: 900 });
  await viewer.goto(pathToFileURL(path).href);
  const viewerUi = () => viewer.frames().find((f) => f.url().startsWith('chrome-extension://'));
  await expect.poll(() => viewerUi()?.url() ?? '').toMatch(/^chrome-extension:/);
  const ui = viewerUi();
  if (!ui) throw new Error('Chromium opened no PDF viewer.');
  await expect(ui.getByText(documentTitle, { exact: true })).toBeVisible();
  await expect(ui.locator('viewer-thumbnail canvas')).toBeVisible();
  let before: Buffer = Buffer.alloc(0);
  await expect(async () => {
    const now = await viewer.screenshot();
    const same = now.equals(before);
    before = now;
    expect(same).toBe(true);
  }).toPass({ timeout: 15_000 });
  await snap(viewer, name);
  await viewer.close();
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** A day `days` from today, as the date inputs take it. */
function inDays(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const stamp = String(Date.now()).slice(-6);
/** 900–999: no demo programme has such a code. */
const code = `9${stamp.slice(-2)}`;
const title = `Professional Certificate in Solar Technology ${stamp}`;

/** An applicant file as a coordinator would save it from a spreadsheet. */
const applicantFile = (rows: string[]) => ({
  name: 'applicants.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    ['jwlId,firstName,lastName,email,phone,birthDate,gender,clcCode', ...rows].join('\n'),
  ),
});

const GOOD_ROWS = [
  `,Amina,Sol${stamp},amina.${stamp}@example.org,,2001-04-12,f,KAK`,
  `,Daniel,Sol${stamp},,,1998-11-02,m,KAK`,
];
const BAD_ROW = `,Rose,Sol${stamp},rose.at.example,,,f,KAK`;

test('an admin takes a new professional certificate from applications to verified certificates', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await startAs(page, 'admin');
  await expect(page).toHaveURL(/\/en\/home/);

  // The entry goes by right: an admin reads bachelor programmes, so their list comes first.
  await page.goto('/en/programme');
  await expect(page).toHaveURL(/\/en\/programme\/list\/bachelor$/);
  await page.getByRole('tab', { name: 'Professional certificates' }).click();
  await expect(page).toHaveURL(/\/en\/programme\/list\/professional-certificate$/);
  const list = page.getByRole('table', { name: 'Professional certificates' });
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'programme-list');

  // The course flyout lists the programmes in the spec's groups.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Courses' })
    .click();
  await expect(page.getByText('Short term academic programme')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'New professional certificate' }).click();
  await expect(page.getByRole('heading', { name: 'New professional certificate' })).toBeVisible();
  await expectAccessible(page);

  // Wrong first: a two-digit code, the end before the start, the rest left empty.
  const programmeSection = page.getByRole('group', { name: 'Programme' });
  await programmeSection.getByRole('textbox', { name: 'Code' }).fill('21');
  await page.getByLabel('Start date').fill(inDays(30));
  await page.getByLabel('End date').fill(inDays(10));
  await page.getByRole('button', { name: 'Create programme' }).click();
  await expect(programmeSection.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
    /The programme code has exactly 3 digits/,
  );
  await expect(textbox(page, 'Internal name')).toHaveAccessibleDescription(
    'This field must be filled',
  );
  await expect(page.getByLabel('End date')).toHaveAccessibleDescription(
    'The end date must not be before the start date',
  );
  await expect(textbox(page, 'Grading schema')).toHaveAccessibleDescription(
    'Please select a valid option',
  );
  await expect(textbox(page, 'CLCs offering it')).toHaveAccessibleDescription(
    'At least 1 option must be selected',
  );
  const course1 = page.getByRole('group', { name: 'Course 1' });
  await expect(course1.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
    'This field must be filled',
  );
  await expect(page.getByText('The programme was not created').first()).toBeVisible();
  await shoot(page, 'programme-new-errors');

  // Right, except the code: a demo programme has it, and the server says so by the field.
  await programmeSection.getByRole('textbox', { name: 'Code' }).fill('214');
  await textbox(page, 'Internal name').fill(`SOLAR ${stamp}`);
  await programmeSection.getByRole('textbox', { name: 'Title' }).fill(title);
  await textbox(page, 'Certifying university').fill('Regis University');
  await page.getByLabel('End date').fill(inDays(210));
  await textbox(page, 'Grading schema').click();
  await page.getByRole('option', { name: /Percentage, pass at 60/ }).click();
  await textbox(page, 'Certificate text').fill(
    'has successfully completed the professional certificate in solar technology',
  );
  await textbox(page, 'CLCs offering it').click();
  await page.getByRole('option', { name: /\(KAK\)/ }).click();
  await page.getByRole('option', { name: /\(AMM\)/ }).click();
  await page.keyboard.press('Escape');
  await course1.getByRole('textbox', { name: 'Code' }).fill('SOL1');
  await course1.getByRole('textbox', { name: 'Title' }).fill('Solar basics');
  await course1.getByRole('textbox', { name: 'Units' }).fill('3');
  await page.getByRole('button', { name: 'Add course' }).click();
  const course2 = page.getByRole('group', { name: 'Course 2' });
  await course2.getByRole('textbox', { name: 'Code' }).fill('SOL2');
  await course2.getByRole('textbox', { name: 'Title' }).fill('Installing panels');
  await course2.getByRole('textbox', { name: 'Units' }).fill('4');
  await page.getByRole('button', { name: 'Create programme' }).click();
  await expect(programmeSection.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
    /This code is already in use/,
  );
  await shoot(page, 'programme-new-server-error');

  await programmeSection.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Create programme' }).click();
  await expect(page).toHaveURL(/\/en\/programme\/professional-certificate\/\d+\/overview$/);
  await expect(page.getByRole('heading', { name: `${code} ${title}` })).toBeVisible();
  await expect(page.getByText('Programme created').first()).toBeVisible();

  // Applications open.
  await page.getByRole('button', { name: 'Open applications' }).click();
  await expect(page.getByText('Applying', { exact: true }).first()).toBeVisible();

  // One applicant by hand: a new person.
  await page.getByRole('button', { name: 'Add applicant' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add applicant' });
  await addDialog.getByText('New person').click();
  await addDialog.getByRole('textbox', { name: 'First name' }).fill('Joseph');
  await addDialog.getByRole('textbox', { name: 'Last name' }).fill(`Sol${stamp}`);
  await addDialog.getByLabel('Date of birth').fill('1999-06-30');
  await addDialog.getByRole('textbox', { name: 'CLC' }).click();
  await page.getByRole('option', { name: /\(KAK\)/ }).click();
  await expectAccessible(page);
  await shoot(page, 'programme-add-applicant');
  await addDialog.getByRole('button', { name: 'Add applicant' }).click();
  await expect(addDialog).toBeHidden();
  const students = page.getByRole('table', { name: 'Students in the programme' });
  await expect(students.getByRole('row').filter({ hasText: 'Joseph' })).toContainText('Applied');

  // An applicant file with a bad row: every problem by row and column, nothing written.
  await page.getByRole('button', { name: 'Import applicants' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import applicants' });
  const fileInput = importDialog.locator('input[type="file"]');
  await fileInput.setInputFiles(applicantFile([...GOOD_ROWS, BAD_ROW]));
  const problems = importDialog.getByRole('table', { name: /problems? in the file/ });
  await expect(problems).toBeVisible();
  await expect(problems.getByRole('row').filter({ hasText: 'email' })).toContainText('4');
  await expect(problems.getByRole('row').filter({ hasText: 'email' })).toContainText(
    'Must be a valid E-Mail address',
  );
  await expect(problems.getByRole('row').filter({ hasText: 'birthDate' })).toContainText(
    'This field must be filled',
  );
  await expect(importDialog.getByText('Nothing was imported')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'programme-import-problems');

  // Fixed and chosen again: clean, then imported.
  await fileInput.setInputFiles(
    applicantFile([...GOOD_ROWS, `,Rose,Sol${stamp},rose.${stamp}@example.org,,2000-01-20,f,KAK`]),
  );
  await expect(importDialog.getByText('The file is clean')).toBeVisible();
  await expect(importDialog.getByText(/3 rows: 3 new people/)).toBeVisible();
  await importDialog.getByRole('button', { name: 'Import 3 applicants' }).click();
  await expect(importDialog.getByText('Imported', { exact: true })).toBeVisible();
  await shoot(page, 'programme-import-done');
  await importDialog.getByRole('button', { name: 'Done' }).click();
  await expect(students.getByRole('row').filter({ hasText: `Sol${stamp}` })).toHaveCount(4);

  // Accept them all at once.
  await students.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByText('4 selected')).toBeVisible();
  await page
    .getByRole('region', { name: 'Selected students' })
    .getByRole('button', { name: 'Accept' })
    .click();
  const acceptDialog = page.getByRole('dialog', { name: 'Accept' });
  await acceptDialog.getByRole('textbox', { name: 'Reason' }).fill('Interview passed');
  await acceptDialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Accept: 4 done')).toBeVisible();
  await expect(students.getByRole('row').filter({ hasText: 'Joseph' })).toContainText('Active');

  // One goes on a study break: the break shows in the row's state.
  await students.getByRole('checkbox', { name: `Select Daniel Sol${stamp}` }).check();
  await page
    .getByRole('region', { name: 'Selected students' })
    .getByRole('button', { name: 'Suspend (study break)' })
    .click();
  const suspendDialog = page.getByRole('dialog', { name: 'Suspend (study break)' });
  await suspendDialog.getByLabel('Study break ends on').fill(inDays(60));
  await suspendDialog.getByRole('button', { name: 'Suspend (study break)' }).click();
  await expect(students.getByRole('row').filter({ hasText: 'Daniel' })).toContainText(
    `Active · on break until ${inDays(60)}`,
  );

  // On through the statuses.
  await page.getByRole('button', { name: 'Start preparing' }).click();
  await expect(page.getByText('Preparing', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Preparation done' }).click();
  await expect(page.getByText('Preparation done', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Start programme' }).click();
  await expect(page.getByText('Running', { exact: true }).first()).toBeVisible();

  // Finishing asks first, and the server refuses while students are still active.
  await page.getByRole('button', { name: 'Finish programme' }).click();
  const finishDialog = page.getByRole('dialog', { name: 'Finish programme' });
  await expect(
    finishDialog.getByText(/Every student must be passed or failed first/),
  ).toBeVisible();
  await finishDialog.getByRole('button', { name: 'Finish programme' }).click();
  // The refusal shows on the page and in the action's toast; the page's alert is the one kept.
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: '4 students are still active; pass or fail them first.' })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'programme-overview');

  // The edit form holds what was created.
  await page.getByRole('link', { name: 'Edit programme' }).click();
  await expect(page.getByRole('heading', { name: `Edit ${code} ${title}` })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Course 2' }).getByRole('textbox', { name: 'Code' }),
  ).toHaveValue('SOL2');
  await expectAccessible(page);
  await shoot(page, 'programme-edit');

  // A grading schema of its own, made from the form: it is chosen at once.
  await page.getByRole('button', { name: 'New grading schema' }).click();
  const schemaDialog = page.getByRole('dialog', { name: 'New grading schema' });
  await schemaDialog.getByRole('textbox', { name: 'Name' }).fill(`Solar scale ${stamp}`);
  await schemaDialog.getByRole('textbox', { name: 'Pass mark' }).fill('55');
  await expectAccessible(page);
  await schemaDialog.getByRole('button', { name: 'Create grading schema' }).click();
  await expect(schemaDialog).toBeHidden();
  await expect(textbox(page, 'Grading schema')).toHaveValue(new RegExp(`Solar scale ${stamp}`));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Successfully updated').first()).toBeVisible();
  await page.getByRole('link', { name: '← Overview' }).click();
  await expect(
    page.getByText(`Grading schema: Percentage, pass at 60 → Solar scale ${stamp}`),
  ).toBeVisible();

  // Classes: the four active students of KAK are not in a class yet; distributed in classes of
  // the default 15, they make one class, the student on a break with them.
  const sections = page.getByRole('navigation', { name: 'Programme sections' });
  await sections.getByRole('link', { name: 'Classes' }).click();
  await expect(page).toHaveURL(/\/professional-certificate\/\d+\/classes$/);
  await expect(page.getByRole('heading', { name: 'Classes', level: 1 })).toBeVisible();
  const kak = page.getByRole('region', { name: /^KAK/ });
  const unplaced = kak.getByRole('article', { name: 'Unplaced students at KAK' });
  await expect(unplaced.getByRole('row').filter({ hasText: `Sol${stamp}` })).toHaveCount(4);
  await expect(kak.getByText('No class at KAK yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: /^AMM/ })).toContainText('0 students');
  await expectAccessible(page);
  await shoot(page, 'programme-classes-unplaced', { notices: false });

  await expect(page.getByRole('textbox', { name: 'Class size' })).toHaveValue('15');
  await page
    .getByRole('form', { name: 'Distribute students' })
    .getByRole('button', { name: 'Distribute' })
    .click();
  const distribute = page.getByRole('dialog', { name: 'Distribute students' });
  await expect(distribute).toContainText('classes of at most 15');
  await distribute.getByRole('button', { name: 'Distribute' }).click();
  await expect(distribute).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Distributed' })).toContainText(
    'Into 1 class: 4 placed, 0 kept where placed by hand, 1 created, 0 removed.',
  );
  const kak1 = kak.getByRole('article', { name: 'Class KAK-1' });
  await expect(kak1).toContainText('4 / 15');
  await expect(kak1.getByRole('row').filter({ hasText: `Sol${stamp}` })).toHaveCount(4);
  await expect(kak1.getByRole('row').filter({ hasText: 'Daniel' })).toContainText('Study break');
  await expect(unplaced).toBeHidden();
  await expectAccessible(page);
  await shoot(page, 'programme-classes-formed', { notices: false });

  // Review grades under the programme's own schema (pass mark 55): nothing entered yet.
  await page.getByRole('link', { name: '← Overview' }).click();
  await sections.getByRole('link', { name: 'Review grades' }).click();
  await expect(page).toHaveURL(/\/professional-certificate\/\d+\/finish$/);
  await expect(page.getByRole('heading', { name: 'Review grades' })).toBeVisible();
  await expect(
    page.getByText(`Grading schema: Solar scale ${stamp} — scores from 0 to 100, pass mark 55.`),
  ).toBeVisible();
  const grid = page.getByRole('table', { name: 'Course results' });
  const gridRow = (firstName: string) => grid.getByRole('row').filter({ hasText: firstName });
  /** The grid's last column: the outcome the saved scores propose. */
  const proposal = (firstName: string) => gridRow(firstName).getByRole('cell').last();
  await expect(grid.getByRole('row').filter({ hasText: `Sol${stamp}` })).toHaveCount(4);
  await expect(proposal('Joseph')).toHaveText('Results missing');
  const score = (course: string, firstName: string) =>
    grid.getByRole('textbox', { name: `${course} score of ${firstName} Sol${stamp}`, exact: true });

  // Joseph's scores typed in place: one under the pass mark proposes a fail, corrected a pass.
  await score('SOL1', 'Joseph').fill('48');
  await score('SOL2', 'Joseph').fill('81');
  await expect(page.getByText('2 unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save results' }).click();
  await expect(page.getByText('No unsaved changes')).toBeVisible();
  await expect(proposal('Joseph')).toHaveText('Fail');
  await score('SOL1', 'Joseph').fill('72');
  await page.getByRole('button', { name: 'Save results' }).click();
  await expect(page.getByText('No unsaved changes')).toBeVisible();
  await expect(score('SOL1', 'Joseph')).toHaveValue('72');
  await expect(proposal('Joseph')).toHaveText('Pass');
  await expect(proposal('Amina')).toHaveText('Results missing');
  await expectAccessible(page);
  await shoot(page, 'programme-grades-typed', { notices: false });

  // The others' from a file: the screen's template, filled in as a coordinator would (Joseph's
  // row left empty, so his scores stay), a bad cell first and then fixed.
  await page.getByRole('button', { name: 'Import results' }).click();
  const importer = page.getByRole('dialog', { name: 'Import results' });
  await expect(importer).toContainText('CSV with 4 rows, one per active student, scores empty');
  const templatePath = await download(page, () =>
    importer.getByRole('button', { name: 'Download template' }).click(),
  );
  const template = readFileSync(templatePath, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(template[0]).toBe('jwlId,firstName,lastName,SOL1,SOL2');
  const SCORES: Record<string, [string, string]> = {
    Amina: ['91', '88'],
    Daniel: ['64', '58'],
    Rose: ['77', '83'],
    Joseph: ['', ''],
  };
  const resultsFile = (bad: boolean) => {
    const rows = template.filter(Boolean).map((line, i) => {
      if (i === 0) return line;
      const [jwlId = '', firstName = '', lastName = ''] = line.split(',');
      const [sol1, sol2] = SCORES[firstName] ?? ['', ''];
      return [jwlId, firstName, lastName, bad && firstName === 'Rose' ? 'n/a' : sol1, sol2].join(
        ',',
      );
    });
    return {
      name: `results-${code}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`${rows.join('\r\n')}\r\n`),
    };
  };
  const resultsInput = importer.locator('input[type="file"]');
  await resultsInput.setInputFiles(resultsFile(true));
  const resultProblems = importer.getByRole('table', { name: '1 problem in the file' });
  await expect(resultProblems.getByRole('row').nth(1)).toContainText('SOL1');
  await expect(resultProblems.getByRole('row').nth(1)).toContainText('Must be a number');
  await expect(importer.getByText('Nothing was imported')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'programme-results-file-problem', { notices: false });
  await resultsInput.setInputFiles(resultsFile(false));
  await expect(importer).toContainText('The file is clean');
  // Six scores, three for each course; how many students is left open: Joseph's row, with no
  // score in it, is counted among them today.
  await expect(importer).toContainText(/4 rows: 6 scores of \d students, in SOL1, SOL2\./);
  await importer.getByRole('button', { name: 'Import 6 scores' }).click();
  await expect(importer.getByText('Imported', { exact: true })).toBeVisible();
  await importer.getByRole('button', { name: 'Done' }).click();
  await expect(importer).toBeHidden();
  await expect(score('SOL2', 'Daniel')).toHaveValue('58');
  await expect(score('SOL1', 'Joseph')).toHaveValue('72');
  for (const firstName of Object.keys(SCORES)) {
    await expect(gridRow(firstName)).toContainText('Active');
    await expect(proposal(firstName)).toHaveText('Pass');
  }

  // Every proposed pass finalized at once: all four shown as Passed, none left active.
  await page.getByRole('button', { name: 'Finalize all proposed passes (4)' }).click();
  const finalize = page.getByRole('dialog', { name: 'Finalize all proposed passes' });
  await expect(finalize).toContainText('4 active students have a passing score in every course.');
  await expectAccessible(page);
  await finalize.getByRole('button', { name: 'Finalize 4' }).click();
  await expect(finalize).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Finalize (pass): 4 done' }),
  ).toBeVisible();
  for (const firstName of Object.keys(SCORES)) {
    await expect(gridRow(firstName)).toContainText('Passed');
    await expect(gridRow(firstName).getByRole('textbox')).toHaveCount(0);
  }
  const noneLeft = page.getByRole('status').filter({ hasText: 'No student is left active' });
  await expect(noneLeft).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'programme-grades-passed', { notices: false });

  // Finished from the overview, after the confirmation.
  await noneLeft.getByRole('link', { name: 'Finish the programme from its overview' }).click();
  await expect(page.getByRole('heading', { name: `${code} ${title}` })).toBeVisible();
  await page.getByRole('button', { name: 'Finish programme' }).click();
  const finish = page.getByRole('dialog', { name: 'Finish programme' });
  await finish.getByRole('button', { name: 'Finish programme' }).click();
  await expect(finish).toBeHidden();
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish programme' })).toBeHidden();
  await expect(students.getByRole('row').filter({ hasText: 'Rose' })).toContainText('Passed');
  await expectAccessible(page);
  await shoot(page, 'programme-finished', { notices: false });

  // Certificates: the four passed students, none issued yet; issued for all at once.
  await sections.getByRole('link', { name: 'Certificates' }).click();
  await expect(page).toHaveURL(/\/professional-certificate\/\d+\/certificate-export$/);
  await expect(page.getByRole('heading', { name: `Certificates: ${code} ${title}` })).toBeVisible();
  const certificates = page.getByRole('table', { name: 'Passed students and their certificates' });
  await expect(certificates.getByRole('row').filter({ hasText: 'Not issued' })).toHaveCount(4);
  await expectAccessible(page);
  await shoot(page, 'programme-certificates-none');
  await page.getByRole('button', { name: 'Issue certificates' }).click();
  await expect(page.getByRole('status').filter({ hasText: '4 certificates issued' })).toBeVisible();
  await expect(certificates.getByRole('row').filter({ hasText: 'Not issued' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Issue certificates' })).toBeDisabled();
  await expectAccessible(page);
  await shoot(page, 'programme-certificates-issued');

  // Amina's certificate: its verification code, its PDF.
  const amina = certificates.getByRole('row').filter({ hasText: 'Amina' });
  const verificationCode = await amina
    .getByText(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    .innerText();
  const pdfPath = await download(page, () =>
    amina.getByRole('button', { name: `PDF of Amina Sol${stamp}` }).click(),
  );
  expect(pdfPath).toMatch(new RegExp(`/${verificationCode}-[A-Za-z0-9-]+\\.pdf$`));
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  await shootPdf(page.context(), pdfPath, `${title} — Amina Sol${stamp}`, 'programme-certificate');

  // Anyone, not signed in, finds it valid by its code: her name and the programme.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/en/certificate-verification/${verificationCode}`);
  const valid = publicPage.getByRole('status').filter({ hasText: 'Valid certificate' });
  await expect(valid).toContainText(`Amina Sol${stamp}`);
  await expect(valid).toContainText(title);
  await expect(valid).toContainText(verificationCode);
  await expect(publicPage).toHaveURL(
    new RegExp(`/en/certificate-verification/${verificationCode}$`),
  );
  await expectAccessible(publicPage);
  await shoot(publicPage, 'programme-certificate-verified');
  await visitor.close();
});
