import { expect, test } from './journey';
import type { Locator, Page } from '@playwright/test';
import { settled, shoot, startAs } from './support';

const TITLE = 'Bachelor of Liberal Studies';
// Next year (2027 when written): the demo's terms end in 2026, so it has none yet.
const YEAR = String(new Date().getUTCFullYear() + 1);

/** Picks an option of a Mantine select by its visible label. */
async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option }).click();
}

test('an academic manager plans a term: offerings, an internship, placed and seated students', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await startAs(page, 'academic_manager');
  await expect(page).toHaveURL(/\/en\/(home|learning)$/);

  // The programme from the list's Bachelor tab.
  await page.goto('/en/programme/list/professional-certificate');
  await page.getByRole('tab', { name: 'Bachelor' }).click();
  await expect(page).toHaveURL(/\/en\/programme\/list\/bachelor$/);
  const heading = page.getByRole('heading', { name: `512 ${TITLE}` });
  await expect(async () => {
    await page.getByRole('row').filter({ hasText: TITLE }).first().click();
    await expect(heading).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const sections = page.getByRole('navigation', { name: 'Programme sections' });

  // Terms of next year: none yet; a new fall term.
  await sections.getByRole('link', { name: 'Terms' }).click();
  await expect(page.getByRole('heading', { name: /^Fall \d{4}$/ })).toBeVisible();
  await choose(page, page.getByRole('textbox', { name: 'Year' }), YEAR);
  await expect(page).toHaveURL(new RegExp(`/terms/${YEAR}$`));
  await expect(page.getByText(`No terms in ${YEAR}.`)).toBeVisible();
  await page.getByRole('button', { name: 'New term' }).click();
  const termForm = page.getByRole('dialog', { name: 'New term' });
  await termForm.getByRole('textbox', { name: 'Name' }).fill(`Fall ${YEAR}`);
  await termForm.getByLabel('Start date').fill(`${YEAR}-09-01`);
  await termForm.getByRole('textbox', { name: 'Duration in weeks' }).fill('12');
  await termForm.getByRole('button', { name: 'Create term' }).click();
  await expect(termForm).toBeHidden();
  const card = page.getByRole('heading', { name: `Fall ${YEAR}` });
  await expect(card).toBeVisible();
  await expect(page.getByText('12 weeks')).toBeVisible();

  // Two courses offered: LIB110 with two places, LIB120 with thirty.
  for (const [course, capacity] of [
    [/^LIB110/, '2'],
    [/^LIB120/, '30'],
  ] as const) {
    await page.getByRole('button', { name: 'Offer a course' }).click();
    const offer = page.getByRole('dialog', { name: `Offer a course in Fall ${YEAR}` });
    await choose(page, offer.getByRole('textbox', { name: 'Course' }), course);
    await offer.getByRole('textbox', { name: 'Capacity' }).fill(capacity);
    await offer.getByRole('button', { name: 'Offer course' }).click();
    await expect(offer).toBeHidden();
  }
  const offers = page.getByRole('table', { name: `What Fall ${YEAR} offers` });
  await expect(offers.getByRole('row')).toHaveCount(3);
  const lib110 = offers.getByRole('row').filter({ hasText: 'LIB110' });
  await expect(lib110).toContainText('0 of 2');

  // An internship in the year's term, on its own page.
  await page.getByRole('link', { name: 'New internship' }).click();
  await expect(page.getByRole('heading', { name: `New internship in ${YEAR}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(`Community internship ${YEAR}`);
  await choose(page, page.getByRole('textbox', { name: 'Counts for the course' }), /^LIB130/);
  await page.getByRole('textbox', { name: 'Capacity' }).fill('4');
  await page.getByRole('button', { name: 'Add internship' }).click();
  await expect(page).toHaveURL(new RegExp(`/terms/${YEAR}$`));
  await expect(offers.getByRole('row')).toHaveCount(4);
  await expect(offers.getByRole('row').filter({ hasText: 'Internship' })).toContainText('0 of 4');
  await shoot(page, 'bachelor-terms');

  // Placing three in LIB110 says that only two fit; two are placed.
  await lib110.getByRole('button', { name: /^Place students in/ }).click();
  const place = page.getByRole('dialog', { name: /^Place students in LIB110/ });
  await expect(place).toContainText('0 of 2 places taken; 2 free.');
  const students = place.getByRole('checkbox');
  await expect(students.nth(2)).toBeVisible();
  for (const i of [0, 1, 2]) await students.nth(i).check();
  await place.getByRole('button', { name: 'Place 3 students' }).click();
  await expect(place).toContainText('has 2 free places of 2; 3 students do not fit.');
  await students.nth(2).uncheck();
  await place.getByRole('button', { name: 'Place 2 students' }).click();
  await expect(place).toBeHidden();
  await expect(lib110).toContainText('2 of 2');
  // A full offering offers no placing any more.
  await expect(lib110.getByRole('button', { name: /^Place students in/ })).toHaveCount(0);

  // The term's students: the two placed ones.
  await page.getByRole('link', { name: 'Students', exact: true }).last().click();
  await expect(page).toHaveURL(new RegExp(`/students/${YEAR}/term/${YEAR}-fa$`));
  const list = page.getByRole('table', { name: 'Students in the term’s courses' });
  await expect(list.getByRole('row')).toHaveCount(3);
  const first = list.getByRole('row').nth(1);
  const clc = (await first.getByRole('cell').nth(2).textContent())?.trim() ?? '';
  const firstName = (await first.getByRole('cell').nth(1).textContent())?.trim() ?? '';
  // The CLC by its name, as people read it (never its code).
  expect(clc).not.toMatch(/^[A-Z]{3}$/);
  expect(clc.length).toBeGreaterThan(3);
  await shoot(page, 'bachelor-term-students');

  // The classroom page of LIB110: two classrooms at the first student's CLC; the first seats them.
  await sections.getByRole('link', { name: 'Terms' }).click();
  await choose(page, page.getByRole('textbox', { name: 'Year' }), YEAR);
  await lib110.getByRole('link', { name: 'Classrooms of LIB110 Academic writing: 0' }).click();
  await expect(page).toHaveURL(new RegExp(`/classroom/${YEAR}-fa/\\d+/0$`));
  await expect(page.getByText(/has no classroom/)).toBeVisible();
  for (const name of ['J2-A', 'J2-B']) {
    await page.getByRole('button', { name: 'New classroom' }).click();
    const create = page.getByRole('dialog', { name: 'New classroom' });
    await choose(page, create.getByRole('textbox', { name: 'CLC' }), new RegExp(`^${clc} \\(`));
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('textbox', { name: 'Seats' }).fill('10');
    await create.getByRole('button', { name: 'Create classroom' }).click();
    await expect(create).toBeHidden();
  }
  const which = page.getByRole('radiogroup', { name: 'Classroom' });
  await expect(which).toBeVisible();
  await page.getByRole('button', { name: 'Seat students' }).click();
  const seat = page.getByRole('dialog', { name: 'Seat students in J2-A' });
  await seat.getByRole('checkbox', { name: new RegExp(`^${firstName}`) }).check();
  await seat.getByRole('button', { name: 'Seat 1 student' }).click();
  await expect(seat).toBeHidden();
  await expect(page.getByRole('table', { name: 'Students of J2-A' })).toContainText(firstName);

  // The second classroom is index 1; away to the term's students and back, it reopens there.
  await which.getByText('J2-B').click();
  await expect(page).toHaveURL(/\/1$/);
  await page.getByRole('link', { name: /^Students of / }).click();
  const back = list
    .getByRole('row')
    .filter({ hasText: firstName })
    .getByRole('link', { name: 'J2-A' });
  await expect(back).toHaveAttribute('href', /\/1$/);
  await back.click();
  await expect(page).toHaveURL(/\/classroom\/.+\/1$/);
  await expect(which.getByRole('radio', { name: 'J2-B' })).toBeChecked();

  // Entering the term's students from elsewhere (the terms page) forgets the classroom.
  await sections.getByRole('link', { name: 'Terms' }).click();
  await choose(page, page.getByRole('textbox', { name: 'Year' }), YEAR);
  await page.getByRole('link', { name: 'Students', exact: true }).last().click();
  await expect(
    list.getByRole('row').filter({ hasText: firstName }).getByRole('link', { name: 'J2-A' }),
  ).toHaveAttribute('href', /\/0$/);

  // A row action with its confirmation: the second student withdraws from LIB110.
  const second = list
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Actions for / }) })
    .filter({ hasNotText: firstName });
  const secondName = (await second.getByRole('cell').nth(1).textContent())?.trim() ?? '';
  await second.getByRole('button', { name: `Actions for ${secondName}` }).click();
  await page.getByRole('menuitem', { name: 'Withdraw' }).click();
  const confirm = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(confirm).toContainText('Active → Withdrawn');
  await confirm.getByRole('textbox', { name: 'Reason' }).fill('Moved away');
  await settled(page);
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(confirm).toBeHidden();
  await expect(list.getByRole('row').filter({ hasText: secondName })).toContainText('Withdrawn');
});
