import { sql } from 'drizzle-orm';
import type { Db } from './client';

const DAY = 24 * 60 * 60 * 1000;

type Row = { id: number };
const first = async (tx: Db, query: ReturnType<typeof sql>): Promise<number | null> =>
  ((await tx.execute(query)) as { rows: Row[] }).rows[0]?.id ?? null;

/** Statements a learner answers true or false: the demo quiz draws three of them. */
const STATEMENTS: { title: string; prompt: string; correct: boolean }[] = [
  {
    title: 'Cash book: every payment',
    prompt: 'A cash book lists every payment in and out, with its date.',
    correct: true,
  },
  {
    title: 'Cash book: only large payments',
    prompt: 'Small payments need not be written in the cash book.',
    correct: false,
  },
  {
    title: 'Income: a sale',
    prompt: 'Money from selling a basket is income.',
    correct: true,
  },
  {
    title: 'Expense: rent',
    prompt: 'The rent of the shop is income.',
    correct: false,
  },
];

/**
 * The other kinds of learning work for a newcomer signed in as `student` (issue 27): in the
 * open first unit of BUS102 (their running programme 236), an open quiz drawn from a question
 * bank, a graded discussion with its forum, and a voice task. The training is added after the
 * database is ready (apps/api/src/demo-training.ts): its package lives in the file store.
 */
export async function seedLearningActivities(
  tx: Db,
  refs: { userId: Map<string, number>; today?: Date },
): Promise<{ activities: number }> {
  const now = (refs.today ?? new Date()).getTime();
  const author = refs.userId.get('lead_faculty') ?? null;
  const unitId = await first(
    tx,
    sql`select u.id from learning_units u join programme_courses c on c.id = u.course_id
        join programmes p on p.id = c.programme_id
        where p.code = '236' and c.code = 'BUS102' and u.status = 'published' and u.opens_at is null
        order by u.position limit 1`,
  );
  if (unitId === null) return { activities: 0 };
  const courseId = await first(
    tx,
    sql`select course_id as id from learning_units where id = ${unitId}`,
  );
  if (courseId === null) return { activities: 0 };
  const published = new Date(now - 30 * DAY);
  const due = (days: number) => new Date(now + days * DAY);
  const position = async () =>
    (await first(
      tx,
      sql`select coalesce(max(position), 0) + 1 as id from learning_items where unit_id = ${unitId}`,
    )) ?? 1;

  // The question bank and its questions, each with its first version (an attempt reads those).
  const bankId = await first(
    tx,
    sql`insert into question_banks (course_id, title) values (${courseId}, 'Cash book basics')
        returning id`,
  );
  for (const s of STATEMENTS) {
    await tx.execute(
      sql`with q as (
            insert into questions (bank_id, course_id, kind, title, prompt, data, default_points)
            values (${bankId}, ${courseId}, 'true_false', ${s.title}, ${`<p>${s.prompt}</p>`},
              ${JSON.stringify({ correct: s.correct })}::jsonb, 1)
            returning id, version, kind, title, prompt, data, general_feedback)
          insert into question_versions (question_id, version, kind, title, prompt, data, general_feedback, created_by)
          select id, version, kind, title, prompt, data, general_feedback, ${author}::int from q`,
    );
  }

  const items: {
    kind: 'quiz' | 'discussion' | 'voice_task';
    title: string;
    body: string;
    maxPoints: number;
    dueInDays: number;
    settings: Record<string, unknown>;
  }[] = [
    {
      kind: 'quiz',
      title: 'Quiz: the cash book',
      body: '<p>Three statements about keeping a cash book: true or false? You may try twice.</p>',
      maxPoints: 3,
      dueInDays: 14,
      settings: {
        slots: [{ type: 'random', bankId, count: 3, pointsEach: 1 }],
        shuffleQuestions: false,
        shuffleAnswers: true,
        questionsPerPage: 5,
        navigation: 'free',
      },
    },
    {
      kind: 'discussion',
      title: 'Discussion: keeping records at home',
      body: '<p>Does your family write down what it spends? Start a topic or answer one, and reply to a classmate.</p>',
      maxPoints: 5,
      dueInDays: 10,
      settings: {
        minPosts: 2,
        minReplies: 1,
        minWordsPerPost: null,
        separateClasses: true,
        topicsBy: 'everyone',
      },
    },
    {
      kind: 'voice_task',
      title: 'Voice task: explain your cash book',
      body: '<p>Record yourself explaining, in one or two minutes, how you kept your cash book this week.</p>',
      maxPoints: 5,
      dueInDays: 9,
      settings: { maxSeconds: 120, allowFile: true },
    },
  ];
  for (const item of items) {
    const itemId = await first(
      tx,
      sql`insert into learning_items (unit_id, course_id, kind, title, body, settings, position,
            is_published, published_at, delivery, max_points, grading, due_at)
          values (${unitId}, ${courseId}, ${item.kind}, ${item.title}, ${item.body},
            ${JSON.stringify(item.settings)}::jsonb, ${await position()}, true, ${published},
            'online', ${item.maxPoints}, 'points', ${due(item.dueInDays)})
          returning id`,
    );
    // Every version of an item has its revision (decision 0019), the first one included.
    await tx.execute(
      sql`insert into learning_item_revisions (item_id, version, content, edited_by)
          select i.id, i.version, jsonb_build_object('title', i.title, 'body', i.body,
            'settings', i.settings, 'kind', i.kind, 'isPublished', i.is_published,
            'delivery', i.delivery, 'maxPoints', i.max_points, 'grading', i.grading,
            'dueAt', i.due_at, 'lateUntil', i.late_until), ${author}::int
          from learning_items i where i.id = ${itemId}`,
    );
    if (item.kind === 'quiz')
      // Open to every class until the due date; marks and answers shown at once.
      await tx.execute(
        sql`insert into quiz_sessions (item_id, class_id, opens_at, closes_at, attempts_allowed,
              grading_method, review, updated_by)
            values (${itemId}, null, null, ${due(item.dueInDays)}, 2, 'highest',
              ${JSON.stringify({ marks: 'immediately', answers: 'immediately' })}::jsonb, ${author}::int)`,
      );
    if (item.kind === 'discussion')
      await tx.execute(
        sql`insert into discussion_forums (course_id, item_id, title, topics_by, separate_classes)
            values (${courseId}, ${itemId}, ${item.title}, 'everyone', true)`,
      );
  }
  await tx.execute(
    sql`update programme_courses set content_version = content_version + 1 where id = ${courseId}`,
  );
  return { activities: items.length };
}
