import { expect, test } from './journey';
import { pageOf, shoot, shootArabic } from './support';

// Discussions (decision 0020 §4) in one journey: an author opens BUS101's course forum and adds
// a graded discussion; a teacher starts a topic; the student and another learner reply, the
// student edits a reply, the teacher removes one (it stays as removed); the student takes part
// in the graded discussion, which hands in their work; the teacher grades it on
// grade_discussion and the comment reaches the student.

test.describe.configure({ timeout: 240_000 });

const stamp = Date.now().toString(36);
const UNIT = `Discussion unit ${stamp}`;
const TASK = `Debate ${stamp}`;
const TOPIC = `Welcome ${stamp}`;

test('a discussion with replies, an edit and a removal; a graded discussion graded', async ({
  browser,
}) => {
  // ---- the author opens the course forum and adds a graded discussion ----
  const author = await pageOf(browser, 'lead_faculty');
  await author.goto('/en/learning');
  const courseLink = author.getByRole('link', { name: /^BUS101 · / });
  const courseId = Number(
    /\/course\/(\d+)/.exec((await courseLink.getAttribute('href')) ?? '')?.[1],
  );
  expect(courseId).toBeGreaterThan(0);
  await author.goto(`/en/course/${courseId}`);
  await expect(author.getByRole('heading', { name: 'Discussions' })).toBeVisible();
  const openForum = author.getByRole('button', { name: 'Open a course forum' });
  if (await openForum.isVisible()) await openForum.click();
  const forumLink = author.getByRole('link', { name: 'Course discussion' });
  await expect(forumLink).toBeVisible();
  const forumPath = (await forumLink.getAttribute('href')) ?? '';

  await author.goto(`/en/course/${courseId}/authoring`);
  await author.getByRole('textbox', { name: 'New unit' }).fill(UNIT);
  await author.getByRole('button', { name: 'Add unit' }).click();
  const unitCard = () => author.locator('.mantine-Card-root').filter({ hasText: UNIT });
  await expect(unitCard()).toBeVisible();
  await unitCard().getByRole('link', { name: 'Add graded discussion' }).click();
  await author.getByRole('textbox', { name: 'Title' }).fill(TASK);
  await author
    .getByRole('textbox', { name: 'Instructions' })
    .fill('Start a topic about the reading.');
  await author.getByRole('spinbutton', { name: /Posts to write/ }).fill('1');
  await author.getByRole('spinbutton', { name: /Of them, replies to others/ }).fill('0');
  await author.getByRole('spinbutton', { name: /Fewest words a post/ }).fill('3');
  await author.getByText('Everyone', { exact: true }).click();
  await author.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(author).toHaveURL(/\/authoring\/item\/\d+$/);
  await shoot(author, 'discussion-authoring');
  await author.goto(`/en/course/${courseId}/authoring`);
  await unitCard().getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(unitCard()).toContainText('Published');

  // ---- a teacher starts a topic for every class ----
  const teacher = await pageOf(browser, 'faculty');
  await teacher.goto(forumPath);
  await teacher.getByRole('button', { name: 'New topic' }).click();
  await teacher.getByRole('textbox', { name: 'Title' }).fill(TOPIC);
  await teacher
    .getByRole('textbox', { name: 'Your post' })
    .fill('Say hello and tell us what you hope to learn.');
  await teacher.getByRole('button', { name: 'Start the topic' }).click();
  await expect(teacher).toHaveURL(/\/topic\/\d+$/);
  const topicPath = new URL(teacher.url()).pathname;

  // ---- two learners reply; the student edits theirs ----
  const student = await pageOf(browser, 'student');
  await student.goto(`/en/course/${courseId}`);
  await student.getByRole('link', { name: 'Course discussion' }).click();
  await expect(student.getByRole('link', { name: TOPIC })).toBeVisible();
  await expect(student.getByText('1 new')).toBeVisible();
  await shoot(student, 'discussion-forum');
  await student.getByRole('link', { name: TOPIC }).click();
  await student
    .getByRole('textbox', { name: 'Reply to this topic' })
    .fill('Hello! I hope to learn bookkeeping.');
  await student.getByRole('button', { name: 'Post reply' }).click();
  const mine = student
    .getByRole('article', { name: /^Post by .*/ })
    .filter({ hasText: 'bookkeeping' });
  await expect(mine).toBeVisible();
  await expect(mine.getByText(/You can change this for \d+ more minutes/)).toBeVisible();
  await mine.getByRole('button', { name: 'Edit' }).click();
  await student
    .getByRole('textbox', { name: 'Change your post' })
    .fill('Hello! I hope to learn bookkeeping and budgeting.');
  await student.getByRole('button', { name: 'Save' }).click();
  await expect(student.getByText('budgeting.')).toBeVisible();
  await expect(student.getByText(/^edited /)).toBeVisible();

  const other = await pageOf(browser, 'student_2');
  await other.goto(topicPath);
  await other.getByRole('button', { name: 'Reply' }).first().click();
  await other.getByRole('textbox', { name: /^Your reply to / }).fill('Welcome, I am new here too.');
  await other
    .getByRole('region', { name: 'Posts' })
    .getByRole('button', { name: 'Post reply' })
    .click();
  await expect(other.getByText('Welcome, I am new here too.')).toBeVisible();

  // ---- the teacher removes the student's reply: it stays as removed ----
  await teacher.goto(topicPath);
  const studentPost = teacher.getByRole('article').filter({ hasText: 'budgeting' });
  // A moderator reads what the changed reply said before.
  await studentPost.getByRole('button', { name: 'Earlier versions' }).click();
  await expect(studentPost.getByText('Hello! I hope to learn bookkeeping.')).toBeVisible();
  await studentPost.getByRole('button', { name: 'Moderate this post' }).click();
  await teacher.getByRole('menuitem', { name: 'Remove this post' }).click();
  await teacher.getByRole('textbox', { name: /^Reason/ }).fill('Please keep to the topic.');
  await teacher.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(teacher.getByText('This post was removed by a moderator.').first()).toBeVisible();
  await shoot(teacher, 'discussion-thread-teacher');
  await student.goto(topicPath);
  await expect(student.getByText('This post was removed by a moderator.')).toBeVisible();
  await shoot(student, 'discussion-thread');
  await shootArabic(student, 'discussion-thread');

  // ---- the graded discussion: taking part hands the work in ----
  await student.goto(`/en/course/${courseId}`);
  await student
    .getByRole('link', { name: new RegExp(UNIT) })
    .first()
    .click();
  await student.getByText(TASK).first().click();
  await student.getByRole('link', { name: 'Take part in the discussion' }).click();
  await expect(student).toHaveURL(/\/en\/discuss\/\d+$/);
  await student.getByRole('button', { name: 'New topic' }).click();
  await student.getByRole('textbox', { name: 'Title' }).fill('My view');
  await student.getByRole('textbox', { name: 'Your post' }).fill('Too short');
  await student.getByRole('button', { name: 'Start the topic' }).click();
  await expect(student.getByText('Not enough words.')).toBeVisible();
  await student
    .getByRole('textbox', { name: 'Your post' })
    .fill('The reading shows why budgets matter.');
  await student.getByRole('button', { name: 'Start the topic' }).click();
  await expect(student).toHaveURL(/\/topic\/\d+$/);
  await expect(
    student.getByText('Your posts meet the requirement: your work is handed in.'),
  ).toBeVisible();

  // ---- the teacher grades it on grade_discussion ----
  await teacher.goto('/en/class_root');
  await teacher
    .getByRole('row')
    .filter({ hasText: '236 ·' })
    .getByRole('link', { name: 'KAK-1' })
    .click();
  await teacher.getByRole('tab', { name: 'To grade' }).click();
  await teacher.getByRole('row').filter({ hasText: TASK }).getByRole('link').first().click();
  await expect(teacher).toHaveURL(/\/en\/grade_discussion\/\d+/);
  await expect(teacher.getByText('The reading shows why budgets matter.')).toBeVisible();
  await teacher.getByRole('textbox', { name: /Points/ }).fill('8');
  await teacher.getByRole('textbox', { name: /Comment/ }).fill('A clear point, well made.');
  await teacher.getByRole('button', { name: 'Save grade' }).click();
  await expect(teacher.getByText('Draft, not yet visible to the student')).toBeVisible();
  await teacher
    .getByRole('button', { name: /^Publish/ })
    .first()
    .click();
  await shoot(teacher, 'discussion-grade');

  await student.goto('/en/notifications?type=grade_comment');
  await expect(student.getByText('A clear point, well made.')).toBeVisible({ timeout: 20_000 });
});
