import { expect, test } from './journey';
import { fillMoment, pageOf, shoot, shootArabic } from './support';

// Decision 0021 §1.7 in one journey over the demo data: the faculty member opens a learner's
// grade history from the grade book's learner name, reads their grades as of a time, turns the
// grade book to a past time and back; the learner reads their own history (en and ar); the
// sis student overview links each course to it. Demo ids: BUS102 (course 5), its class KAK-1
// (class 3) and the demo student Achol Garang (10015).

test.describe.configure({ timeout: 180_000 });

test('a grade history, grades as of a time, and the learner’s own history', async ({ browser }) => {
  const teacher = await pageOf(browser, 'faculty');
  await teacher.goto('/en/course/5/grade-book?classId=3');
  const grid = teacher.getByRole('grid', { name: 'Grade book' });
  await expect(grid).toBeVisible();
  await grid.getByRole('link', { name: 'Garang, Achol' }).click();
  await expect(teacher).toHaveURL(/\/en\/learning\/student\/10015\/grade-history\?courseId=5$/);
  await expect(
    teacher.getByRole('heading', { name: 'Grade history · Achol Garang' }),
  ).toBeVisible();
  const changes = teacher.getByRole('region', { name: 'Grade changes' });
  await expect(
    changes.getByRole('row').filter({ hasText: 'Income or expense?' }).first(),
  ).toBeVisible();
  await expect(changes).toContainText('Published');
  // All courses (choosing the chosen course again clears it): the finished programme's results.
  await teacher.getByRole('textbox', { name: 'Course' }).click();
  await teacher.getByRole('option', { name: 'BUS102 · Bookkeeping and finance' }).click();
  await expect(changes).toContainText('Finalised');
  await expect(changes).toContainText('Course result');
  await shoot(teacher, 'grade-history');

  await teacher.getByRole('tab', { name: 'Grades as of a time' }).click();
  await expect(teacher.getByRole('region', { name: 'Grades at that time' })).toBeVisible();
  await shoot(teacher, 'grade-history-as-of');

  // ---- the grade book as of this minute: read-only, marked, exportable, and back to now ----
  await teacher.goto('/en/course/5/grade-book?classId=3');
  await expect(grid).toBeVisible();
  await fillMoment(teacher, 'As of', new Date());
  await expect(teacher.getByText(/^As of /)).toBeVisible();
  const past = teacher.getByRole('region', { name: 'Grade book as of that time' });
  await expect(past).toBeVisible();
  await expect(grid).toHaveCount(0);
  // Exporting needs GRADE_BOOK__EXPORT, which faculty do not hold.
  await expect(teacher.getByRole('button', { name: /^Export/ })).toHaveCount(0);
  await shoot(teacher, 'grade-book-as-of');
  await teacher.getByRole('button', { name: 'Back to now' }).click();
  await expect(grid).toBeVisible();

  // ---- a holder of GRADE_BOOK__EXPORT exports the grade book as of then ----
  const exporter = await pageOf(browser, 'super_admin');
  await exporter.goto('/en/course/5/grade-book?classId=3');
  await fillMoment(exporter, 'As of', new Date());
  const exportCsv = exporter.getByRole('button', { name: /^Export as of .* \(CSV\)$/ });
  await expect(exportCsv).toBeVisible();
  const download = exporter.waitForEvent('download');
  await exportCsv.click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // ---- the learner's own history, from their grades ----
  const student = await pageOf(browser, 'student');
  await student.goto('/en/track');
  await student.getByRole('tab', { name: 'Grades' }).click();
  await student.getByRole('link', { name: 'History of my grades' }).click();
  await expect(student).toHaveURL(/\/en\/track\/grade-history$/);
  await expect(student.getByRole('heading', { name: 'History of my grades' })).toBeVisible();
  await expect(student.getByRole('region', { name: 'Grade changes' })).toContainText('Published');
  await shoot(student, 'my-grade-history');
  await shootArabic(student, 'my-grade-history');

  // ---- the sis student overview links each course to the history ----
  const admin = await pageOf(browser, 'admin');
  await admin.goto('/en/student/10015/overview');
  const link = admin.getByRole('link', { name: 'Grade history: BUS102' });
  await expect(link).toBeVisible();
  await link.click();
  await expect(admin).toHaveURL(/\/en\/learning\/student\/10015\/grade-history\?courseId=5$/);
  await expect(admin.getByRole('heading', { name: 'Grade history · Achol Garang' })).toBeVisible();
});
