import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshotPath, signIn } from './support';

/** The page at a desk (1280 px) and on a phone (390 px), saved for a look. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: screenshotPath(`${name}-1280`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // The tables lay their columns out again for a phone: let that paint before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: screenshotPath(`${name}-390`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
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

test('an admin creates a professional certificate and takes it from applications to the start', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
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
  await expect(page.getByText('Error while updating').first()).toBeVisible();
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
  await expect(page.getByText('Successfully updated').first()).toBeVisible();

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
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: '4 students are still active; pass or fail them first.' }),
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
});
