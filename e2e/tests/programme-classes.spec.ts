import { expect, test } from './journey';
import type { Page } from '@playwright/test';
import { expectAccessible, settled, snap, startAs, waitForMail } from './support';

/** The page at a desk (1280 px) and on a phone (390 px), saved for a look. */
async function shoot(page: Page, name: string): Promise<void> {
  // From the top: the header stays where the page was scrolled to and would cover the middle.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Waits for the transitions under way (a modal fading in) to end: axe reads colours as shown.
 * A transition cancelled by a change of the page (a loader going) counts as ended. */

const TITLE = 'Professional Certificate in Business Administration';
const stamp = String(Date.now()).slice(-6);

/** From the list to demo programme 236 (running, classes formed). */
async function openProgramme236(page: Page): Promise<void> {
  await page.goto('/en/programme/list/professional-certificate');
  await page.getByRole('searchbox', { name: 'Search' }).fill('236');
  const list = page.getByRole('table', { name: 'Professional certificates' });
  await expect(list.getByRole('row')).toHaveCount(2);
  const heading = page.getByRole('heading', { name: `236 ${TITLE}` });
  // A click while the list still settles on the search can go to the row it replaces.
  await expect(async () => {
    await list.getByRole('row').filter({ hasText: TITLE }).click();
    await expect(heading).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test('an admin forms the classes of a running programme, enters a result and sets up a mail', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await startAs(page, 'admin');
  await expect(page).toHaveURL(/\/en\/home/);
  await openProgramme236(page);
  const sections = page.getByRole('navigation', { name: 'Programme sections' });
  for (const name of ['Classes', 'Review grades', 'Certificates', 'Automatic mails'])
    await expect(sections.getByRole('link', { name })).toBeVisible();

  // Classes: each CLC's classes with their size against capacity, staff and students.
  await sections.getByRole('link', { name: 'Classes' }).click();
  await expect(page).toHaveURL(/\/professional-certificate\/\d+\/classes$/);
  await expect(page.getByRole('heading', { name: 'Classes', level: 1 })).toBeVisible();
  const kak1 = page.getByRole('article', { name: 'Class KAK-1' });
  await expect(kak1).toContainText('/ 15');
  await expect(kak1).toContainText('Facilitators (onsite)');
  await expect(page.getByText('Study break').first()).toBeVisible();
  await settled(page);
  await expectAccessible(page);
  await shoot(page, 'programme-classes');

  // Re-distribute in classes of 20: said first, then done, with what happened.
  await page.getByRole('textbox', { name: 'Class size' }).fill('20');
  await expect(page.getByRole('checkbox', { name: 'Keep students placed by hand' })).toBeChecked();
  await page
    .getByRole('form', { name: 'Distribute students' })
    .getByRole('button', { name: 'Distribute' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Distribute students' });
  await expect(confirm).toContainText('classes of at most 20');
  await expect(confirm).toContainText('Students placed by hand stay in their class.');
  await settled(page);
  await expectAccessible(page);
  await shoot(page, 'programme-classes-distribute');
  await confirm.getByRole('button', { name: 'Distribute' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Distributed' });
  await expect(done).toContainText(
    /\d+ placed, \d+ kept where placed by hand, \d+ created, \d+ removed/,
  );
  await expect(kak1).toContainText('/ 20');
  await shoot(page, 'programme-classes-distributed');

  // Move a student of KAK-1 out of every class: the unplaced list of KAK gets them.
  const firstStudent = kak1.getByRole('checkbox', { name: /^Select (?!all)/ }).first();
  const who = (await firstStudent.getAttribute('aria-label'))?.replace('Select ', '') ?? '';
  await firstStudent.check();
  await page
    .getByRole('region', { name: /^KAK/ })
    .getByRole('button', { name: 'Move selected' })
    .click();
  const move = page.getByRole('dialog', { name: 'Move students' });
  await move.getByRole('textbox', { name: 'Move to' }).click();
  await expect(page.getByRole('option', { name: /^AMM/ })).toHaveCount(0);
  await page.getByRole('option', { name: 'No class (unplaced)' }).click();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Moved: 1 done' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Unplaced students at KAK' })).toContainText(
    who.split(' ').at(-1) ?? who,
  );

  // A new class at KAK with a facilitator; a full class cannot go, the new empty one can.
  const kak = page.getByRole('region', { name: /^KAK/ });
  await kak.getByRole('button', { name: 'New class at KAK' }).click();
  const create = page.getByRole('dialog', { name: 'New class' });
  await create.getByRole('textbox', { name: 'Name' }).fill(`KAK-E${stamp}`);
  await create.getByRole('button', { name: 'Create class' }).click();
  const extra = page.getByRole('article', { name: `Class KAK-E${stamp}` });
  await expect(extra).toContainText('0 / 15');
  await extra.getByRole('button', { name: `Staff of KAK-E${stamp}` }).click();
  const staff = page.getByRole('dialog', { name: `Staff of KAK-E${stamp}` });
  await expect(staff.getByRole('textbox', { name: 'Facilitators (onsite)' })).toBeVisible();
  // Checked with the options closed: axe asks a scrolling option list to take the focus itself,
  // where the combobox pattern keeps it in the input and moves through options by arrow keys.
  await settled(page);
  await expectAccessible(page);
  await staff.getByRole('textbox', { name: 'Facilitators (onsite)' }).click();
  const firstFacilitator = page.getByRole('option').first();
  const facilitator = (await firstFacilitator.textContent())?.split(',')[0] ?? '';
  await shoot(page, 'programme-class-staff');
  await firstFacilitator.click();
  await staff.getByRole('heading', { name: `Staff of KAK-E${stamp}` }).click();
  await staff.getByRole('button', { name: 'Save staff' }).click();
  await expect(staff).toBeHidden();
  await expect(extra).toContainText(facilitator);

  await kak1.getByRole('button', { name: 'Delete KAK-1' }).click();
  const refuse = page.getByRole('dialog', { name: 'Delete KAK-1' });
  await refuse.getByRole('button', { name: 'Delete class' }).click();
  await expect(refuse.getByRole('alert')).toContainText(
    /KAK-1 still has \d+ students; move them first\./,
  );
  await refuse.getByRole('button', { name: 'Back' }).click();
  await extra.getByRole('button', { name: `Delete KAK-E${stamp}` }).click();
  await page
    .getByRole('dialog', { name: `Delete KAK-E${stamp}` })
    .getByRole('button', { name: 'Delete class' })
    .click();
  await expect(extra).toBeHidden();

  // Review grades: a score typed in place and saved.
  await page.getByRole('link', { name: '← Overview' }).click();
  await sections.getByRole('link', { name: 'Review grades' }).click();
  await expect(page.getByRole('heading', { name: 'Review grades' })).toBeVisible();
  const grid = page.getByRole('table', { name: 'Course results' });
  const cell = grid.getByRole('textbox', { name: /^BUS103 score of / }).first();
  // Beyond the scale: held back, and said by the cell.
  await cell.fill('175');
  await expect(cell).toHaveAccessibleDescription('At most 100');
  await expect(page.getByRole('button', { name: 'Save results' })).toBeDisabled();
  await cell.fill('78');
  await expect(page.getByText('1 unsaved change')).toBeVisible();
  await page.getByRole('button', { name: 'Save results' }).click();
  await expect(page.getByText('Successfully updated').first()).toBeVisible();
  await expect(page.getByText('No unsaved changes')).toBeVisible();
  await expect(cell).toHaveValue('78');
  await settled(page);
  await expectAccessible(page);
  await shoot(page, 'programme-review-grades');

  // Results from a file: a bad cell is named by row and column and nothing is written; fixed,
  // the file is imported and the grid shows the new score.
  const href = await grid
    .getByRole('row')
    .filter({ has: page.getByRole('textbox', { name: /^BUS103 score of / }) })
    .first()
    .getByRole('link')
    .getAttribute('href');
  const jwlId = /student\/(\d+)/.exec(href ?? '')?.[1] ?? '';
  const csv = (score: string) => ({
    name: 'results.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`jwlId,BUS103\n${jwlId},${score}\n`),
  });
  await page.getByRole('button', { name: 'Import results' }).click();
  const importer = page.getByRole('dialog', { name: 'Import results' });
  await expect(importer).toContainText('BUS103');
  const resultsFile = importer.locator('input[type="file"]');
  await resultsFile.setInputFiles(csv('seventy'));
  const problems = importer.getByRole('table', { name: '1 problem in the file' });
  await expect(problems.getByRole('row').nth(1)).toHaveText('2BUS103Must be a number');
  await settled(page);
  await expectAccessible(page);
  await shoot(page, 'programme-results-import');
  await resultsFile.setInputFiles(csv('64'));
  await expect(importer).toContainText('The file is clean');
  await importer.getByRole('button', { name: 'Import 1 score' }).click();
  await expect(importer).toContainText('Imported');
  await importer.getByRole('button', { name: 'Done' }).click();
  await expect(cell).toHaveValue('64');

  // The student's overview lists their programmes with state, class, breaks and history.
  await grid.getByRole('link').first().click();
  const entry = page.getByRole('article', { name: `236 ${TITLE}` });
  await expect(entry).toContainText('Active');
  await expect(entry.getByRole('link', { name: `236 ${TITLE}` })).toBeVisible();
  await expect(entry).toContainText('History');
  await settled(page);
  await expectAccessible(page);
  await entry.scrollIntoViewIfNeeded();
  await shoot(page, 'student-programmes');
  await page.goBack();
  await expect(grid).toBeVisible();

  // Automatic mails: the list, a new one with a placeholder, its preview and a test.
  await page.getByRole('link', { name: '← Overview' }).click();
  await sections.getByRole('link', { name: 'Automatic mails' }).click();
  await expect(page).toHaveURL(/\/en\/automatic-mail\/professional\/\d+\/list$/);
  const mails = page.getByRole('table', { name: 'Automatic mails' });
  await expect(mails.getByRole('row').filter({ hasText: 'Application received' })).toContainText(
    'Published',
  );
  await settled(page);
  await expectAccessible(page);
  await shoot(page, 'automatic-mail-list');

  await page.getByRole('link', { name: 'New automatic mail' }).click();
  await expect(page).toHaveURL(/\/detail\/new$/);
  await page.getByRole('textbox', { name: 'Event status' }).click();
  await page.getByRole('option', { name: 'Passed' }).click();
  await page.getByRole('textbox', { name: 'Subject' }).fill(`Well done ${stamp}`);
  const body = page.getByRole('textbox', { name: 'Body' });
  await body.fill('Dear ');
  await page.getByRole('button', { name: 'Insert placeholder' }).click();
  await page.getByRole('menuitem', { name: '{{firstName}}' }).click();
  await expect(body).toBeFocused();
  await page.keyboard.type(', you passed {{programme}}.');
  await expect(body).toHaveValue('Dear {{firstName}}, you passed {{programme}}.');
  await page.getByRole('switch', { name: 'Published' }).check();
  await settled(page);
  await expectAccessible(page);
  await shoot(page, 'automatic-mail-new');
  await page.getByRole('button', { name: 'Create mail' }).click();
  await expect(page).toHaveURL(/\/detail\/\d+$/);
  await expect(page.getByText('Automatic mail created').first()).toBeVisible();

  await page.getByRole('button', { name: 'Preview' }).click();
  const filled = page.getByRole('region', { name: 'Filled mail' });
  await expect(filled).toContainText('Filled with the data of');
  await expect(filled).toContainText(`you passed ${TITLE}.`);
  await expect(filled).not.toContainText('{{');
  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(
    page.getByText('A test of this mail went to admin@demo.lantern.example'),
  ).toBeVisible();
  await settled(page);
  await expectAccessible(page);
  await shoot(page, 'automatic-mail-preview');
  const mail = await waitForMail('admin@demo.lantern.example');
  expect(mail.subject).toContain(`Well done ${stamp}`);

  await page.getByRole('link', { name: '← Automatic mails' }).click();
  await expect(mails.getByRole('row').filter({ hasText: `Well done ${stamp}` })).toContainText(
    'Passed',
  );
});
