import { expect, test } from './journey';
import { pageOf, shoot } from './support';

// Decision 0021 §2 as its users meet it: a grade published by mistake is taken back through an
// undo-publish request that another person approves, the learner seeing it "Under review" and
// then no longer; and a final result changed after the programme finished, approved by a second
// person, who is told which certificate shows the old result and revokes it.

const TASK = 'Your plan for the next month';

test('a teacher publishes by mistake and asks to undo; an approver approves; the learner sees it under review, then gone', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // ---- the learner hands in the draft they had kept ----
  const student = await pageOf(browser, 'student');
  // From "Due next" on their home, straight to their draft.
  await student.getByRole('link', { name: TASK }).first().click();
  await expect(student).toHaveURL(/\/en\/submit_text\//);
  await student.getByRole('button', { name: 'Hand in' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Hand in' }).click();
  await expect(student.getByText('Waiting to be graded')).toBeVisible();
  const taskUrl = student.url();

  // ---- the teacher grades and publishes it ----
  const teacher = await pageOf(browser, 'faculty');
  await teacher.goto('/en/class_root');
  await teacher
    .getByRole('row')
    .filter({ hasText: '236 ·' })
    .getByRole('link', { name: 'KAK-1' })
    .click();
  await teacher.getByRole('tab', { name: 'To grade' }).click();
  await teacher
    .getByRole('row')
    .filter({ hasText: TASK })
    .filter({ hasText: 'Garang' })
    .getByRole('link')
    .first()
    .click();
  await expect(teacher).toHaveURL(/\/en\/grade\/\d+/);
  await teacher.getByRole('textbox', { name: /Points/ }).fill('9');
  await teacher.getByRole('button', { name: 'Save grade' }).click();
  await expect(teacher.getByText('Draft, not yet visible to the student')).toBeVisible();
  await teacher.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(teacher.getByText(/Published /)).toBeVisible();

  // The learner sees it (the first read stamps it seen) …
  await student.goto(taskUrl);
  await expect(student.getByText(/9 \/ 10|9 of 10/).first()).toBeVisible();

  // ---- … the teacher notices the mistake and asks to take it back ----
  await teacher.getByRole('button', { name: 'Ask to undo publishing' }).click();
  const ask = teacher.getByRole('dialog', { name: 'Ask to undo publishing' });
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(ask.getByText('Say why this grade should change.')).toBeVisible();
  await ask
    .getByRole('textbox', { name: 'Reason' })
    .fill('Published before the second marking was done.');
  await shoot(teacher, 'grade-request-ask');
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(ask).toBeHidden();
  await expect(teacher.getByText(/Undo requested by .* — open/)).toBeVisible();

  // While it is open the learner sees "Under review", not the grade.
  await student.reload();
  await expect(student.getByText('Under review').first()).toBeVisible();
  await shoot(student, 'grade-request-under-review');

  // ---- the approver finds it in the queue and approves ----
  const approver = await pageOf(browser, 'lead_faculty');
  await approver.goto('/en/learning/grade-requests');
  const row = approver.getByRole('row').filter({ hasText: TASK }).first();
  await expect(row).toBeVisible();
  await shoot(approver, 'grade-requests-queue');
  await row.getByRole('link').first().click();
  await expect(approver).toHaveURL(/\/en\/learning\/grade-request\/\d+/);
  await expect(
    approver.getByText('Published before the second marking was done.').first(),
  ).toBeVisible();
  await shoot(approver, 'grade-request-page');
  await approver.getByRole('button', { name: 'Approve' }).click();
  const approve = approver.getByRole('dialog', { name: /^Approve request #\d+/ });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await expect(approver.getByText('Approved').first()).toBeVisible();

  // The grade is a draft again: gone from the learner's view until it is published again.
  await student.reload();
  await expect(student.getByText('Waiting to be graded')).toBeVisible();
  await expect(student.getByText('Under review')).toHaveCount(0);
  await expect(student.getByText(/9 \/ 10|9 of 10/)).toHaveCount(0);
});

test('a final result changed after the finish: asked, approved by a second person, the certificate revoked', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // ---- the admin asks for a change on the finished programme 214's review grades ----
  const admin = await pageOf(browser, 'admin');
  await admin.goto('/en/programme/list/professional-certificate');
  await admin.getByRole('searchbox', { name: 'Search' }).fill('Community Health');
  await expect(admin).toHaveURL(/q=Community/);
  await admin.getByRole('cell', { name: '214', exact: true }).click();
  await expect(admin).toHaveURL(/\/professional-certificate\/\d+\/overview$/);
  const id = /professional-certificate\/(\d+)\//.exec(admin.url())?.[1] ?? '';
  await admin.goto(`/en/programme/professional-certificate/${id}/finish`);
  // The first passed student's first course.
  const change = admin.getByRole('button', { name: /^Ask for a change of / }).first();
  await expect(change).toBeVisible();
  await change.click();
  const ask = admin.getByRole('dialog', { name: /^Ask for a change: / });
  const points = ask.getByRole('textbox', { name: /New result/ });
  const current = Number(await points.inputValue());
  await points.fill(String(current > 50 ? current - 5 : current + 5));
  await ask.getByRole('textbox', { name: /Reason/ }).fill('A second marking of the final exam.');
  await shoot(admin, 'grade-request-result-ask');
  await ask.getByRole('button', { name: 'Ask for the change' }).click();
  const open = ask.getByRole('link', { name: /^Open request #\d+/ });
  await expect(open).toBeVisible();
  const requestPath = (await open.getAttribute('href')) ?? '';

  // ---- a second person approves; the certificate that shows the old result is named ----
  const manager = await pageOf(browser, 'academic_manager');
  await manager.goto(requestPath);
  await expect(manager.getByText('A second marking of the final exam.').first()).toBeVisible();
  await manager.getByRole('button', { name: 'Approve' }).click();
  const approve = manager.getByRole('dialog', { name: /^Approve request #\d+/ });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  const warning = manager.getByText(/shows the old result: re-issue or revoke it\./);
  await expect(warning).toBeVisible();
  await shoot(manager, 'grade-request-certificate');

  // ---- and revokes it, with a reason ----
  await manager.getByRole('button', { name: 'Revoke', exact: true }).click();
  const revoke = manager.getByRole('dialog', { name: /^Revoke certificate / });
  await revoke
    .getByRole('textbox', { name: 'Reason' })
    .fill('The result it shows was changed on request.');
  await revoke.getByRole('button', { name: 'Revoke the certificate' }).click();
  await expect(revoke).toBeHidden();
  await expect(manager.getByText(/was revoked on/)).toBeVisible();
});
