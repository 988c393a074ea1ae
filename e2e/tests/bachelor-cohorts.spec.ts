import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { pageOf, shoot } from './support';

const PROGRAMME = 'Bachelor of Liberal Studies';
const stamp = String(Date.now()).slice(-6);
const COHORT = `BLS-J${stamp}`;
const INTAKE_YEAR = new Date().getUTCFullYear() + 1;

/** A cohort file as a programme office would save it from a spreadsheet. */
const cohortFile = (rows: string[]) => ({
  name: `cohort-${stamp}.csv`,
  mimeType: 'text/csv',
  buffer: Buffer.from(
    ['jwlId,firstName,lastName,email,phone,birthDate,gender,clcCode', ...rows].join('\n'),
  ),
});

const AMINA = `,Amina,Coh${stamp},amina.${stamp}@example.org,,2001-04-12,female,KAK`;
const DANIEL = `,Daniel,Coh${stamp},,,1998-11-02,m,AMM`;
const ROSE = `,Rose,Coh${stamp},rose.${stamp}@example.org,,2000-01-20,f,KAK`;
const GOOD = [AMINA, DANIEL, ROSE];
/** Row 3 has no birth date (and no JWL-ID), row 4 a broken e-mail and an unknown gender. */
const BAD = [
  AMINA,
  `,Daniel,Coh${stamp},,,,m,AMM`,
  `,Rose,Coh${stamp},rose.at.example,,2000-01-20,x,KAK`,
];

const problemRow = (page: Page, row: string, column: string) =>
  page
    .getByRole('table', { name: /problems? in the file/ })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: row, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: column, exact: true }) });

test('an academic manager creates a cohort, imports it after fixing the file, and sees what a changed file would do', async ({
  browser,
}) => {
  const page = await pageOf(browser, 'academic_manager');

  // Programme list → Bachelor → the programme → its cohorts.
  await page.goto('/en/programme');
  await page.getByRole('tab', { name: 'Bachelor' }).click();
  await expect(page).toHaveURL(/\/en\/programme\/list\/bachelor$/);
  const programmes = page.getByRole('table', { name: 'Bachelor' });
  const heading = page.getByRole('heading', { name: `512 ${PROGRAMME}`, level: 1 });
  await expect(async () => {
    await programmes.getByRole('row').filter({ hasText: PROGRAMME }).click();
    await expect(heading).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page
    .getByRole('navigation', { name: 'Programme sections' })
    .getByRole('link', { name: 'Cohorts' })
    .click();
  const cohorts = page.getByRole('table', { name: 'Cohorts' });
  await expect(cohorts.getByRole('row').filter({ hasText: 'BLS-2025' })).toBeVisible();

  // A new cohort: its code and intake term, then straight on to its import.
  await page.getByRole('link', { name: 'New cohort' }).click();
  await page.getByRole('textbox', { name: 'Code' }).fill(COHORT);
  await page.getByRole('textbox', { name: 'Intake term' }).click();
  await page.getByRole('option', { name: `Spring ${INTAKE_YEAR}` }).click();
  await expect(page.getByRole('textbox', { name: 'Intake term' })).toHaveValue(
    `Spring ${INTAKE_YEAR}`,
  );
  await shoot(page, 'bachelor-cohort-new');
  await page.getByRole('button', { name: 'Create cohort' }).click();
  await expect(
    page.getByRole('heading', { name: `Import students into cohort ${COHORT}` }),
  ).toBeVisible();
  await expect(page.getByText(/never imported/)).toBeVisible();

  // A file with mistakes: every problem by row and column, nothing imported.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles(cohortFile(BAD));
  await expect(page.getByText('Nothing was imported')).toBeVisible();
  await expect(problemRow(page, '3', 'birthDate')).toContainText('This field must be filled');
  await expect(problemRow(page, '4', 'email')).toContainText('Must be a valid E-Mail address');
  await expect(problemRow(page, '4', 'gender')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import:/ })).toHaveCount(0);
  await shoot(page, 'bachelor-cohort-import-problems');

  // Fixed and chosen again: the dry run shows who would be added.
  await fileInput.setInputFiles(cohortFile(GOOD));
  await expect(page.getByText('The file is clean')).toBeVisible();
  const added = page.getByRole('region', { name: 'Added' });
  await expect(added.getByRole('row')).toHaveCount(3);
  await expect(added.getByRole('row').filter({ hasText: `Rose Coh${stamp}` })).toContainText(
    'Row 4',
  );
  await page.getByRole('button', { name: 'Import: 3 students added', exact: true }).click();
  await expect(page.getByText('Imported', { exact: true })).toBeVisible();
  await expect(
    page.getByText('3 rows: 3 added, 0 changed, 0 unchanged, 0 no longer listed.'),
  ).toBeVisible();

  // The cohort lists its three students and the file.
  await page.getByRole('button', { name: 'Back to cohorts' }).click();
  const row = cohorts.getByRole('row').filter({ hasText: COHORT });
  await expect(row).toContainText(`Spring ${INTAKE_YEAR}`);
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await expect(row).toContainText(`cohort-${stamp}.csv`);

  // The same file again: nothing to do.
  await row.click();
  await expect(page.getByText(/3 students · last import/)).toBeVisible();
  await fileInput.setInputFiles(cohortFile(GOOD));
  await expect(page.getByText('The file is clean')).toBeVisible();
  await expect(
    page.getByText('3 rows: 0 added, 0 changed, 3 unchanged, 0 no longer listed.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import:/ })).toHaveCount(0);

  // One changed e-mail: the diff shows the old and the new value.
  const newMail = `daniel.${stamp}@example.org`;
  await fileInput.setInputFiles(
    cohortFile([AMINA, `,Daniel,Coh${stamp},${newMail},,1998-11-02,m,AMM`, ROSE]),
  );
  const changed = page.getByRole('region', { name: 'Changed' });
  await expect(changed.getByRole('row').filter({ hasText: `Daniel Coh${stamp}` })).toContainText(
    `E-mail(empty)${newMail}`,
  );
  await expect(
    page.getByRole('button', { name: 'Import: 1 student changed', exact: true }),
  ).toBeVisible();
  await shoot(page, 'bachelor-cohort-import-diff');
});
