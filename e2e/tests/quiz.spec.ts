import { expect, test } from './journey';
import { expectAccessible, pageOf, shoot, shootArabic, snap } from './support';

// Quizzes (decision 0020 §3) in one journey: an author builds a question bank (a single-choice
// and a true/false question, one tried with "Try it") and a timed quiz drawing on it; the
// student starts, answers, reloads and finds the same page, answers and running clock, finishes
// past a summary of what is unanswered, and sees the marks; the quiz's points reach the grade
// book. Learner screens in English and Arabic, every screen at 1280 and 390 px, axe-checked.

test.describe.configure({ timeout: 420_000 });
// Saves on a busy machine: the default 15 s was reached by the first save of a session.
const SLOW = { timeout: 60_000 };

const stamp = Date.now().toString(36);
const BANK = `Money words ${stamp}`;
const UNIT = `Quiz unit ${stamp}`;
const QUIZ = `Money check ${stamp}`;

test('an author builds a bank and a timed quiz; a student takes it, reloads, resumes and finishes', async ({
  browser,
}) => {
  // ---- the author: a question bank with two questions ----
  const author = await pageOf(browser, 'lead_faculty');
  await author.goto('/en/learning');
  const courseLink = author.getByRole('link', { name: /^BUS101 · / });
  const courseId = Number(
    /\/course\/(\d+)/.exec((await courseLink.getAttribute('href')) ?? '')?.[1],
  );
  expect(courseId).toBeGreaterThan(0);
  await author.goto(`/en/course/${courseId}/authoring`);
  await author.getByRole('link', { name: 'Question banks' }).click();
  await expect(author).toHaveURL(/\/question-banks$/);
  // An empty title is refused at its field.
  await author.getByRole('button', { name: 'Add bank' }).click();
  await expect(author.getByText('This field must be filled')).toBeVisible();
  await author.getByRole('textbox', { name: 'New bank' }).fill(BANK);
  await author.getByRole('button', { name: 'Add bank' }).click();
  await author.getByRole('link', { name: BANK }).click();
  await expect(author.getByRole('heading', { name: BANK })).toBeVisible();

  await author.getByRole('button', { name: 'Add a question' }).click();
  await author.getByRole('menuitem', { name: 'Single choice' }).click();
  // Saved empty: each refusal shows at its field.
  await author.getByRole('button', { name: 'Save question' }).click();
  await expect(author.getByText('This field must be filled').first()).toBeVisible();
  await author.getByRole('textbox', { name: 'Title (for lists)' }).fill('Rent');
  await author.getByRole('textbox', { name: 'Question' }).fill('Which of these is an expense?');
  await author.getByRole('textbox', { name: 'Choice 1' }).fill('Rent');
  await author.getByRole('textbox', { name: 'Choice 2' }).fill('Salary');
  await author.getByRole('textbox', { name: 'Choice 3' }).fill('A gift received');
  await shoot(author, 'quiz-question-form');
  await author.getByRole('button', { name: 'Save question' }).click();
  await expect(author.getByRole('heading', { name: 'Edit “Rent”' })).toBeVisible(SLOW);
  // Try it: the saved question scores a response.
  const tryIt = author.getByRole('region', { name: 'Try it' });
  await tryIt.getByRole('radio', { name: 'Rent' }).check();
  await tryIt.getByRole('button', { name: 'Check the answer' }).click();
  await expect(tryIt.getByText('Correct')).toBeVisible(SLOW);
  await shoot(author, 'quiz-question-try');
  await author.getByRole('button', { name: 'Back to the bank' }).click();

  await author.getByRole('button', { name: 'Add a question' }).click();
  await author.getByRole('menuitem', { name: 'True or false' }).click();
  await author.getByRole('textbox', { name: 'Title (for lists)' }).fill('Profit');
  await author.getByRole('textbox', { name: 'Question' }).fill('Profit is income minus expenses.');
  await author.getByRole('button', { name: 'Save question' }).click();
  await expect(author.getByRole('heading', { name: 'Edit “Profit”' })).toBeVisible(SLOW);
  await author.getByRole('button', { name: 'Back to the bank' }).click();
  await expect(author.getByRole('link', { name: 'Profit' })).toBeVisible();
  await shoot(author, 'quiz-bank');

  // ---- the author: a timed quiz with both questions in a new unit ----
  await author.goto(`/en/course/${courseId}/authoring`);
  await author.getByRole('textbox', { name: 'New unit' }).fill(UNIT);
  await author.getByRole('button', { name: 'Add unit' }).click();
  const unitCard = () => author.locator('.mantine-Card-root').filter({ hasText: UNIT });
  await expect(unitCard()).toBeVisible();
  await unitCard().getByRole('link', { name: 'Add quiz' }).click();
  await expect(author).toHaveURL(/\/authoring\/item\/new/);
  await author.getByRole('textbox', { name: 'Title' }).fill(QUIZ);
  // No question yet: refused at the questions.
  await author.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(author.getByText('At least 1 question must be added')).toBeVisible();
  await author.getByRole('textbox', { name: 'Bank' }).click();
  await author.getByRole('option', { name: new RegExp(BANK) }).click();
  await author.getByRole('textbox', { name: 'These questions' }).click();
  await author.getByRole('option', { name: 'Rent' }).click();
  await author.getByRole('option', { name: 'Profit' }).click();
  await author.keyboard.press('Escape');
  await author.getByRole('button', { name: 'Add the chosen questions' }).click();
  await expect(author.getByText('The quiz is worth 2 points.')).toBeVisible();
  await author.getByRole('textbox', { name: 'Questions per page' }).fill('1');
  await author.getByRole('textbox', { name: 'Time limit (minutes)' }).fill('30');
  await shoot(author, 'quiz-item-form');
  await author.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(author).toHaveURL(/\/authoring\/item\/\d+$/, SLOW);
  const itemId = Number(/\/item\/(\d+)$/.exec(author.url())?.[1]);
  await author.goto(`/en/course/${courseId}/authoring`);
  await unitCard().getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(unitCard()).toContainText('Published');

  // ---- the student: the card, start, answer, reload, resume, finish ----
  const student = await pageOf(browser, 'student');
  await student.goto(`/en/course/${courseId}`);
  await student
    .getByRole('link', { name: new RegExp(UNIT) })
    .first()
    .click();
  await student.getByText(QUIZ).first().click();
  await student.getByRole('link', { name: 'Open the quiz' }).click();
  await expect(student).toHaveURL(new RegExp(`/en/quiz/${itemId}$`));
  await expect(student.getByText('30 min')).toBeVisible();
  await shoot(student, 'quiz-card');
  await shootArabic(student, 'quiz-card');
  await student.getByRole('button', { name: 'Start the quiz' }).click();
  await expect(student).toHaveURL(/\/attempt\/\d+$/, SLOW);
  await expect(student.getByText(/^Time left (29|30):\d\d$/)).toBeVisible();
  await student.getByRole('radio', { name: 'Rent' }).check();
  await expect(student.getByText(/^Saved at \d\d:\d\d$/)).toBeVisible(SLOW);
  await student.getByRole('button', { name: 'Next page' }).click();
  await student.getByRole('radio', { name: 'True' }).check();
  await student.getByRole('button', { name: 'Flag for review' }).click();
  await expect(student.getByText(/^Saved at \d\d:\d\d$/)).toBeVisible(SLOW);
  await shoot(student, 'quiz-attempt');

  // A reload comes back to the same page, answers and clock.
  await student.reload();
  await expect(student.getByRole('radio', { name: 'True' })).toBeChecked();
  await expect(student.getByRole('button', { name: 'Flagged', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(student.getByText(/^Time left (29|30):\d\d$/)).toBeVisible();
  await student.getByRole('button', { name: 'Question 1, answered' }).click();
  await expect(student.getByRole('radio', { name: 'Rent' })).toBeChecked();
  await shootArabic(student, 'quiz-attempt');

  // On a phone: one question per screen, the navigator in a drawer.
  await student.setViewportSize({ width: 390, height: 844 });
  await student.getByRole('button', { name: /^All questions/ }).click();
  const drawer = student.getByRole('dialog', { name: 'Questions' });
  await expect(drawer.getByRole('button', { name: 'Question 2, answered, flagged' })).toBeVisible();
  await expectAccessible(student);
  await snap(student, 'quiz-attempt-drawer-390', { fullPage: true });
  await drawer.getByRole('button', { name: 'Finish attempt…' }).click();
  const summary = student.getByRole('dialog', { name: 'Hand in this attempt?' });
  await expect(summary.getByText('Every question has an answer.')).toBeVisible();
  await expect(summary.getByText('Flagged for review:')).toBeVisible();
  await expectAccessible(student);
  await snap(student, 'quiz-finish-390', { fullPage: true });
  await student.setViewportSize({ width: 1280, height: 800 });
  await summary.getByRole('button', { name: 'Hand in' }).click();
  await expect(student).toHaveURL(new RegExp(`/en/quiz/${itemId}$`), SLOW);
  await expect(student.getByText('Your attempt is handed in.')).toBeVisible();
  await expect(student.getByRole('cell', { name: '2 of 2' })).toBeVisible();
  await shoot(student, 'quiz-card-finished');

  // ---- the grade book has the quiz's points ----
  await author.goto(`/en/course/${courseId}/grade-book`);
  await expect(author.getByRole('columnheader', { name: new RegExp(QUIZ) })).toBeVisible();
  await shoot(author, 'quiz-grade-book');
  await author.goto(`/en/quiz/${itemId}/results`);
  await expect(author.getByText('2 of 2').first()).toBeVisible();
  await shoot(author, 'quiz-results');
  await author.goto(`/en/quiz/${itemId}/sessions`);
  await expect(author.getByRole('heading', { name: 'Every class' })).toBeVisible();
  await shoot(author, 'quiz-sessions');
});
