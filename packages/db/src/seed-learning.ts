import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { learningItems, learningUnits } from './schema/learning';

const DAY = 24 * 60 * 60 * 1000;

type DemoItem =
  | { kind: 'resource'; title: string; body?: string; settings: Record<string, unknown> }
  | {
      kind: 'text_task' | 'file_task';
      title: string;
      body: string;
      delivery: 'online' | 'onsite';
      maxPoints: number;
      /** Days from today; negative: already past. */
      dueInDays: number;
      settings: Record<string, unknown>;
    };

type DemoUnit = {
  title: string;
  summary: string;
  status: 'draft' | 'published' | 'closed';
  /** Days from today when it opens for learners (published units only). */
  opensInDays?: number;
  items: DemoItem[];
};

type DemoCourse = { programme: string; course: string; syllabus: string; units: DemoUnit[] };

const p = (text: string) => `<p>${text}</p>`;

const pdfOrWord = { accept: ['pdf', 'docx', 'odt'], maxFiles: 2, maxFileBytes: 50 * 1024 * 1024 };

/**
 * Course content for the demo (decision 0019): in the demo student's running programme (236),
 * two courses of units (published, one closed, one draft, one opening later) with text, link
 * and video resources and text and file tasks, online and onsite, due in the past and the
 * future; a published unit in their bachelor, orientation and a language programme, so every
 * entry of a learner's menu opens something. Submissions and grades come from their own seeds.
 */
const DEMO_CONTENT: DemoCourse[] = [
  {
    programme: '236',
    course: 'BUS101',
    syllabus:
      '<h2>What this course is about</h2><p>How organisations plan, organise, lead and control their work, and what a manager does each day.</p><h3>How you are assessed</h3><ul><li>Two written reflections (online)</li><li>A case study presented at your learning centre (onsite)</li></ul><p>Ask your facilitator whenever something is unclear.</p>',
    units: [
      {
        title: 'Week 1: What managers do',
        summary: p('The four functions of management, and the roles a manager plays.'),
        status: 'closed',
        items: [
          {
            kind: 'resource',
            title: 'The four functions of management',
            body: '<h2>Plan, organise, lead, control</h2><p>Every manager, in a small shop or a large aid organisation, spends the day on four things.</p><ol><li><strong>Planning</strong>: deciding what to do and how.</li><li><strong>Organising</strong>: arranging people and resources.</li><li><strong>Leading</strong>: motivating and guiding people.</li><li><strong>Controlling</strong>: checking progress against the plan.</li></ol>',
            settings: { format: 'text' },
          },
          {
            kind: 'text_task',
            title: 'A manager you know',
            body: p(
              'Describe a manager you have worked with or observed. Which of the four functions did they do well, and which less well? Write 150 to 400 words.',
            ),
            delivery: 'online',
            maxPoints: 10,
            dueInDays: -20,
            settings: { minWords: 150, maxWords: 400 },
          },
        ],
      },
      {
        title: 'Week 2: Planning and decisions',
        summary: p('Setting goals that can be measured, and making decisions with a team.'),
        status: 'published',
        items: [
          {
            kind: 'resource',
            title: 'SMART goals',
            body: '<p>A good goal is <em>specific</em>, <em>measurable</em>, <em>achievable</em>, <em>relevant</em> and <em>time-bound</em>.</p><table><thead><tr><th>Vague</th><th>SMART</th></tr></thead><tbody><tr><td>Sell more</td><td>Sell 20 more baskets a week by the end of March</td></tr></tbody></table>',
            settings: { format: 'text' },
          },
          {
            kind: 'resource',
            title: 'Reading: decision making in groups',
            body: p('A short article on how groups decide, and the traps they fall into.'),
            settings: {
              format: 'link',
              url: 'https://en.wikipedia.org/wiki/Group_decision-making',
            },
          },
          {
            kind: 'resource',
            title: 'Video: how to set goals',
            body: p('Watch it when you have a good connection; it plays only when you tap it.'),
            settings: {
              format: 'video',
              url: 'https://www.youtube-nocookie.com/embed/1-SvuFIQjK8',
            },
          },
          {
            kind: 'text_task',
            title: 'Your plan for the next month',
            body: p(
              'Write three SMART goals for your own studies in the coming month, and say how you will know you reached each one.',
            ),
            delivery: 'online',
            maxPoints: 10,
            dueInDays: 6,
            settings: { minWords: 100, maxWords: 500 },
          },
          {
            kind: 'file_task',
            title: 'Case study: the bakery',
            body: p(
              'Prepare the bakery case study with your group and hand in your slides or notes. You present it at your learning centre.',
            ),
            delivery: 'onsite',
            maxPoints: 20,
            dueInDays: -2,
            settings: pdfOrWord,
          },
        ],
      },
      {
        title: 'Week 3: Organising people',
        summary: p('Structures, roles and delegation.'),
        status: 'draft',
        items: [
          {
            kind: 'resource',
            title: 'Organisation charts',
            body: p('Draft: examples of organisation charts to come.'),
            settings: { format: 'text' },
          },
        ],
      },
    ],
  },
  {
    programme: '236',
    course: 'BUS102',
    syllabus:
      '<h2>Bookkeeping and finance</h2><p>Recording what comes in and goes out, and reading the numbers of a small business.</p>',
    units: [
      {
        title: 'Unit 1: Keeping a cash book',
        summary: p('Why every business keeps records, and how to start.'),
        status: 'published',
        items: [
          {
            kind: 'resource',
            title: 'The cash book',
            body: '<p>A cash book lists every payment in and out, with its date and what it was for.</p><blockquote><p>If it is not written down, it did not happen.</p></blockquote>',
            settings: { format: 'text' },
          },
          {
            kind: 'file_task',
            title: 'A week of your cash book',
            body: p('Keep a cash book for one week and hand in a photo or a scan of it.'),
            delivery: 'online',
            maxPoints: 15,
            dueInDays: 12,
            settings: {
              accept: ['pdf', 'jpg', 'png'],
              maxFiles: 3,
              maxFileBytes: 20 * 1024 * 1024,
            },
          },
          {
            kind: 'text_task',
            title: 'Income or expense?',
            body: p(
              'For each of the ten entries in the reading, say whether it is income or an expense, and why.',
            ),
            delivery: 'onsite',
            maxPoints: 10,
            dueInDays: -5,
            settings: { minWords: 50 },
          },
        ],
      },
      {
        title: 'Unit 2: Profit and loss',
        summary: p('Putting a month of records together.'),
        status: 'published',
        opensInDays: 10,
        items: [
          {
            kind: 'resource',
            title: 'From cash book to profit',
            body: p('How a month of entries becomes a profit and loss statement.'),
            settings: { format: 'text' },
          },
        ],
      },
    ],
  },
  {
    programme: '512',
    course: 'LIB110',
    syllabus: p('Writing clearly for university: arguments, sources and revision.'),
    units: [
      {
        title: 'Unit 1: The academic paragraph',
        summary: p('Topic sentences, evidence and explanation.'),
        status: 'published',
        items: [
          {
            kind: 'resource',
            title: 'Anatomy of a paragraph',
            body: p(
              'A paragraph makes one point: it states it, supports it and explains why the support matters.',
            ),
            settings: { format: 'text' },
          },
          {
            kind: 'text_task',
            title: 'One good paragraph',
            body: p(
              'Write one paragraph of 120 to 200 words arguing for a change in your community.',
            ),
            delivery: 'online',
            maxPoints: 10,
            dueInDays: 9,
            settings: { minWords: 120, maxWords: 200 },
          },
        ],
      },
    ],
  },
  {
    programme: 'OR1',
    course: 'ORI1',
    syllabus: p(
      'How to study online with Lantern: your courses, your tasks and your learning centre.',
    ),
    units: [
      {
        title: 'Welcome to online learning',
        summary: p('Find your way around, and meet the people who help you.'),
        status: 'published',
        items: [
          {
            kind: 'resource',
            title: 'How your courses work',
            body: '<p>Each course has units. Each unit has things to read and tasks to hand in. Mark what you have read as done, and watch the due dates.</p>',
            settings: { format: 'text' },
          },
          {
            kind: 'resource',
            title: 'Video: studying online',
            settings: { format: 'video', url: 'https://player.vimeo.com/video/76979871' },
          },
        ],
      },
    ],
  },
  {
    programme: '610',
    course: 'EAP1',
    syllabus: p('Reading academic texts and writing short summaries in English.'),
    units: [
      {
        title: 'Unit 1: Reading for the main idea',
        summary: p('Skimming and scanning a text.'),
        status: 'published',
        items: [
          {
            kind: 'resource',
            title: 'Skimming and scanning',
            body: p('Skim to find what a text is about; scan to find one fact in it.'),
            settings: { format: 'text' },
          },
          {
            kind: 'text_task',
            title: 'Summarise the article',
            body: p('Summarise the article of this unit in 60 to 120 words.'),
            delivery: 'online',
            maxPoints: 10,
            dueInDays: 7,
            settings: { minWords: 60, maxWords: 120 },
          },
        ],
      },
    ],
  },
];

export async function seedLearning(
  tx: Db,
  refs: { userId: Map<string, number>; today?: Date },
): Promise<{ units: number; items: number }> {
  const now = (refs.today ?? new Date()).getTime();
  const author = refs.userId.get('lead_faculty') ?? null;
  let unitCount = 0;
  let itemCount = 0;
  for (const spec of DEMO_CONTENT) {
    const found = await tx.execute(
      sql`select c.id from programme_courses c join programmes p on p.id = c.programme_id
          where p.code = ${spec.programme} and c.code = ${spec.course}`,
    );
    const courseId = (found as { rows: { id: number }[] }).rows[0]?.id;
    if (!courseId) continue;
    await tx.execute(
      sql`update programme_courses set syllabus = ${spec.syllabus} where id = ${courseId}`,
    );
    for (const [position, unit] of spec.units.entries()) {
      const released = unit.status !== 'draft';
      const [made] = await tx
        .insert(learningUnits)
        .values({
          courseId,
          title: unit.title,
          summary: unit.summary,
          position: position + 1,
          status: unit.status,
          opensAt: unit.opensInDays === undefined ? null : new Date(now + unit.opensInDays * DAY),
          publishedAt: released ? new Date(now - 30 * DAY) : null,
          publishedBy: released ? author : null,
          closedAt: unit.status === 'closed' ? new Date(now - 7 * DAY) : null,
          closedBy: unit.status === 'closed' ? author : null,
        })
        .returning({ id: learningUnits.id });
      if (!made) continue;
      unitCount += 1;
      const items = await tx
        .insert(learningItems)
        .values(
          unit.items.map((item, i) => ({
            unitId: made.id,
            courseId,
            kind: item.kind,
            title: item.title,
            body: item.body ?? '',
            settings: item.settings,
            position: i + 1,
            isPublished: released,
            publishedAt: released ? new Date(now - 30 * DAY) : null,
            ...(item.kind === 'resource'
              ? {}
              : {
                  delivery: item.delivery,
                  maxPoints: item.maxPoints,
                  grading: 'points' as const,
                  dueAt: new Date(now + item.dueInDays * DAY),
                }),
          })),
        )
        .returning({ id: learningItems.id });
      itemCount += items.length;
      // Every version of an item has its revision (decision 0019), the first one included.
      await tx.execute(
        sql`insert into learning_item_revisions (item_id, version, content, edited_by)
            select i.id, i.version, jsonb_build_object('title', i.title, 'body', i.body,
              'settings', i.settings, 'kind', i.kind, 'isPublished', i.is_published,
              'delivery', i.delivery, 'maxPoints', i.max_points, 'grading', i.grading,
              'dueAt', i.due_at, 'lateUntil', i.late_until), ${author}::int
            from learning_items i where i.unit_id = ${made.id}`,
      );
    }
    await tx.execute(
      sql`update programme_courses set content_version = content_version + 1 where id = ${courseId}`,
    );
  }
  return { units: unitCount, items: itemCount };
}
