import { sql } from 'drizzle-orm';
import { countWords } from '@lantern/contracts/words';
import type { Db } from './client';

const DAY = 24 * 60 * 60 * 1000;

/** What a demo learner has done with a task, and what the grader made of it. */
type WorkState =
  'draft' | 'on_time' | 'late' | 'returned' | 'graded_published' | 'graded_unpublished';

type DemoWork = {
  /** 0: the demo student; 1…: the next learners of their class, by id. */
  learner: number;
  course: string;
  task: string;
  state: WorkState;
  late?: boolean;
  /** Of the points possible (graded states). */
  share?: number;
  comment?: string;
};

const COMMENTS = {
  praise:
    'A clear example. You show well how your manager planned the work; say more about how they checked progress.',
  rework:
    'Please add an example from your own work, and check that every entry says whether it is income or expense.',
  short: 'Good work. Keep your answers this focused.',
  returned: 'The question asks about the four functions: write about at least two of them.',
};

/**
 * Submissions of the demo (decision 0019) in every state a teacher and a learner meet: a draft,
 * handed in on time and late, returned for rework with a comment, graded and published with a
 * comment, graded and not yet published. The demo student has one of most; five classmates the
 * rest, so a class's queue and grade book have rows.
 */
const DEMO_WORK: DemoWork[] = [
  {
    learner: 0,
    course: 'BUS101',
    task: 'A manager you know',
    state: 'graded_published',
    share: 0.8,
    comment: COMMENTS.praise,
  },
  {
    learner: 0,
    course: 'BUS102',
    task: 'Income or expense?',
    state: 'returned',
    late: true,
    comment: COMMENTS.rework,
  },
  { learner: 0, course: 'BUS101', task: 'Your plan for the next month', state: 'draft' },
  {
    learner: 1,
    course: 'BUS101',
    task: 'A manager you know',
    state: 'returned',
    comment: COMMENTS.returned,
  },
  { learner: 1, course: 'BUS102', task: 'Income or expense?', state: 'late', late: true },
  {
    learner: 2,
    course: 'BUS101',
    task: 'A manager you know',
    state: 'graded_unpublished',
    share: 0.6,
    comment: COMMENTS.short,
  },
  { learner: 2, course: 'BUS101', task: 'Your plan for the next month', state: 'on_time' },
  { learner: 3, course: 'BUS101', task: 'A manager you know', state: 'on_time' },
  {
    learner: 3,
    course: 'BUS102',
    task: 'Income or expense?',
    state: 'graded_published',
    share: 1,
    comment: COMMENTS.short,
  },
  {
    learner: 4,
    course: 'BUS101',
    task: 'A manager you know',
    state: 'graded_published',
    share: 0.9,
  },
  {
    learner: 4,
    course: 'BUS102',
    task: 'Income or expense?',
    state: 'graded_unpublished',
    late: true,
    share: 0.7,
  },
  { learner: 5, course: 'BUS101', task: 'A manager you know', state: 'late', late: true },
  { learner: 5, course: 'BUS101', task: 'Your plan for the next month', state: 'draft' },
  // Onsite work for the class's facilitators to grade (spec §6: theirs, not the faculty's).
  { learner: 2, course: 'BUS102', task: 'Income or expense?', state: 'on_time' },
  { learner: 5, course: 'BUS102', task: 'Income or expense?', state: 'on_time' },
];

const SENTENCES = [
  'My first manager ran a small shop in the market and planned each week on a sheet of paper.',
  'She wrote down what we had to buy, who would open the shop and when the accounts were checked.',
  'When a supplier was late she changed the plan at once and told everyone what had changed.',
  'She was good at organising people, because each of us knew exactly what our job was that day.',
  'Leading was harder for her: she seldom explained why a decision was made, so some of us felt left out.',
  'Controlling was her strongest side, since she compared the sales with the plan every evening.',
  'From her I learned that a plan is only useful when it is checked and changed when needed.',
];

/** A learner's answer of at least `minWords` words, from the demo's sentences. */
function answer(minWords: number, offset: number): string {
  const out: string[] = [];
  let i = offset;
  while (countWords(out.join(' ')) < Math.max(minWords, 40))
    out.push(SENTENCES[i++ % SENTENCES.length] ?? '');
  return out.join(' ');
}

type Task = {
  id: number;
  course_id: number;
  code: string;
  title: string;
  kind: 'text_task' | 'file_task';
  delivery: 'online' | 'onsite' | null;
  due_at: Date | string | null;
  max_points: string | number;
  version: number;
  settings: { minWords?: number } | null;
};

/**
 * Seeds the demo's learner work in the demo student's running programme (236), with progress,
 * grades, grade events and grade-comment notifications exactly as the app's own writers
 * (work/progress.repository.ts, teaching/grade-events.ts, teaching/grading.service.ts) would leave them.
 * Set-based: a handful of statements whatever the number of rows.
 */
export async function seedLearningWork(
  tx: Db,
  refs: { userId: Map<string, number>; today?: Date },
): Promise<{ submissions: number; grades: number }> {
  const now = (refs.today ?? new Date()).getTime();
  const student = refs.userId.get('student');
  // Who grades is who is responsible (spec §6): online tasks the demo's faculty member, onsite
  // tasks the facilitator of the demo student's class.
  const graderOf = {
    online: refs.userId.get('faculty') ?? refs.userId.get('lead_faculty') ?? null,
    onsite: refs.userId.get('facilitator') ?? refs.userId.get('lead_facilitator') ?? null,
  };
  if (!student) return { submissions: 0, grades: 0 };

  const tasks = (
    (await tx.execute(
      sql`select i.id, i.course_id, c.code, i.title, i.kind, i.delivery, i.due_at, i.max_points, i.version, i.settings
          from learning_items i join programme_courses c on c.id = i.course_id
          join programmes p on p.id = c.programme_id
          where p.code = '236' and i.kind in ('text_task', 'file_task') and i.deleted_at is null`,
    )) as { rows: Task[] }
  ).rows;
  const courseIds = [...new Set(tasks.map((t) => t.course_id))];
  if (courseIds.length === 0) return { submissions: 0, grades: 0 };
  // The demo student's class in the course, and the classmates after them by id.
  const learners = (
    (await tx.execute(
      sql`with mine as (
            select class_id from course_learners
            where student_id = ${student} and course_id = ${courseIds[0] ?? 0} and may_submit
          )
          select distinct cl.student_id from course_learners cl join mine on mine.class_id = cl.class_id
          where cl.course_id = ${courseIds[0] ?? 0} and cl.may_submit and cl.student_id <> ${student}
          order by cl.student_id limit 5`,
    )) as { rows: { student_id: number }[] }
  ).rows.map((r) => r.student_id);
  const who = [student, ...learners];

  const plan = DEMO_WORK.flatMap((w, n) => {
    const task = tasks.find((t) => t.code === w.course && t.title === w.task);
    const studentId = who[w.learner];
    // Text tasks only: file work would need stored files (the journey makes one).
    if (!task || studentId === undefined || task.kind !== 'text_task') return [];
    const due = task.due_at ? new Date(task.due_at).getTime() : now;
    // Handed in a day before the due date (on time) or a day after it (late), never in the future.
    const at = Math.min(due + (w.late ? DAY : -DAY), now - 60 * 60 * 1000);
    const text = answer(task.settings?.minWords ?? 0, n);
    const maxPoints = Number(task.max_points);
    const graded = w.state === 'graded_published' || w.state === 'graded_unpublished';
    return [
      {
        item_id: task.id,
        student_id: studentId,
        course_id: task.course_id,
        status: w.state === 'draft' ? 'draft' : 'submitted',
        text,
        word_count: countWords(text),
        item_version: task.version,
        late: w.state !== 'draft' && (w.late ?? false),
        submitted_at: w.state === 'draft' ? null : new Date(at).toISOString(),
        saved_at: new Date(at - 2 * 60 * 60 * 1000).toISOString(),
        graded: graded || w.state === 'returned',
        outcome: w.state === 'returned' ? 'returned' : 'graded',
        points: graded ? Math.round(maxPoints * (w.share ?? 1) * 100) / 100 : null,
        comment: w.comment ?? null,
        published: w.state === 'graded_published' || w.state === 'returned',
        graded_at: new Date(Math.min(at + DAY, now - 30 * 60 * 1000)).toISOString(),
        max_points: maxPoints,
        grader: graderOf[task.delivery ?? 'online'],
        link_kind: 'submit_text',
        title: task.title,
      },
    ];
  });
  if (plan.length === 0) return { submissions: 0, grades: 0 };
  const json = JSON.stringify(plan);
  const planRows = sql`jsonb_to_recordset(${json}::jsonb) as x(item_id int, student_id int,
    course_id int, status text, text text, word_count int, item_version int, late boolean,
    submitted_at timestamptz, saved_at timestamptz, graded boolean, outcome text, points numeric,
    comment text, published boolean, graded_at timestamptz, max_points numeric, grader int,
    link_kind text, title text)`;

  await tx.execute(
    sql`insert into submissions (item_id, student_id, course_id, attempt, status, is_latest, text,
          word_count, item_version, late, submitted_at, client_saved_at, created_at, updated_at)
        select x.item_id, x.student_id, x.course_id, 1, x.status::submission_status, true, x.text,
               x.word_count, x.item_version, x.late, x.submitted_at, x.saved_at, x.saved_at,
               coalesce(x.submitted_at, x.saved_at)
        from ${planRows}`,
  );
  // Progress as recordCompletion leaves it for a handed-in task (source 'submitted'), then the
  // unit and course counters as recountCourseProgress computes them from item_progress.
  await tx.execute(
    sql`insert into item_progress (student_id, item_id, course_id, unit_id, completed_at, source)
        select x.student_id, x.item_id, x.course_id, i.unit_id, x.submitted_at, 'submitted'::progress_source
        from ${planRows} join learning_items i on i.id = x.item_id
        where x.status = 'submitted'
        on conflict do nothing`,
  );
  const counted = sql.raw(
    `(i.counts_for_progress and i.is_published and i.deleted_at is null and u.deleted_at is null and u.status <> 'draft')`,
  );
  const courses = sql`${`{${courseIds.join(',')}}`}::int[]`;
  await tx.execute(
    sql`insert into unit_progress (student_id, unit_id, course_id, items_done, last_activity_at)
        select ip.student_id, ip.unit_id, ip.course_id, count(*) filter (where ${counted}),
               max(ip.completed_at)
        from item_progress ip join learning_items i on i.id = ip.item_id
        join learning_units u on u.id = i.unit_id
        where ip.course_id = any(${courses})
        group by ip.student_id, ip.unit_id, ip.course_id
        on conflict (student_id, unit_id) do update set items_done = excluded.items_done,
          last_activity_at = excluded.last_activity_at`,
  );
  await tx.execute(
    sql`insert into course_progress (student_id, course_id, items_done, tasks_submitted, last_activity_at)
        select ip.student_id, ip.course_id, count(*) filter (where ${counted}),
               count(*) filter (where ${counted} and ip.source = 'submitted'), max(ip.completed_at)
        from item_progress ip join learning_items i on i.id = ip.item_id
        join learning_units u on u.id = i.unit_id
        where ip.course_id = any(${courses})
        group by ip.student_id, ip.course_id
        on conflict (student_id, course_id) do update
          set items_done = excluded.items_done, tasks_submitted = excluded.tasks_submitted,
              last_activity_at = excluded.last_activity_at`,
  );

  // Grades as applyGradeEvent writes them: a save (version 1), then for a published one a
  // publish (version 2), each with its event; the grading schema of the programme at the time.
  const graded = sql`(select x.*, s.id as submission_id, p.grading_schema_id,
      gs.version as grading_schema_version
    from ${planRows}
    join submissions s on s.item_id = x.item_id and s.student_id = x.student_id and s.is_latest
    join programme_courses c on c.id = x.course_id join programmes p on p.id = c.programme_id
    left join grading_schemas gs on gs.id = p.grading_schema_id
    where x.graded) g`;
  await tx.execute(
    sql`insert into grades (item_id, student_id, course_id, submission_id, outcome, points, comment,
          is_published, max_points, grading_schema_id, grading_schema_version, item_version,
          graded_by, graded_at, published_by, published_at, version, updated_at)
        select g.item_id, g.student_id, g.course_id, g.submission_id, g.outcome::grade_outcome,
               g.points, g.comment, g.published, g.max_points, g.grading_schema_id,
               g.grading_schema_version, g.item_version, g.grader, g.graded_at,
               case when g.published then g.grader end,
               case when g.published then g.graded_at end,
               case when g.published then 2 else 1 end, g.graded_at
        from ${graded}`,
  );
  await tx.execute(
    sql`insert into grade_events (item_id, student_id, course_id, submission_id, action,
          old_points, new_points, old_outcome, new_outcome, old_published, new_published, comment,
          max_points, grading_schema_id, grading_schema_version, item_version, grade_version,
          actor_id, at)
        select g.item_id, g.student_id, g.course_id, g.submission_id, 'save'::grade_event_action, null, g.points, null,
               g.outcome::grade_outcome, null, false, g.comment, g.max_points, g.grading_schema_id,
               g.grading_schema_version, g.item_version, 1, g.grader, g.graded_at
        from ${graded}
        union all
        select g.item_id, g.student_id, g.course_id, g.submission_id, 'publish'::grade_event_action, g.points, g.points,
               g.outcome::grade_outcome, g.outcome::grade_outcome, false, true, null, g.max_points,
               g.grading_schema_id, g.grading_schema_version, g.item_version, 2, g.grader,
               g.graded_at
        from ${graded} where g.published`,
  );
  // The course's grade totals: published, graded (not returned) grades only, weighted by the
  // task's weight (1 when none) over its points possible.
  await tx.execute(
    sql`insert into course_progress (student_id, course_id, tasks_graded, points_published,
          weighted_published, last_activity_at)
        select g.student_id, g.course_id, count(*), sum(g.points),
               sum(coalesce(i.weight, 1) * g.points / g.max_points), max(g.published_at)
        from grades g join learning_items i on i.id = g.item_id
        where g.course_id = any(${courses}) and g.is_published and g.outcome = 'graded'
        group by g.student_id, g.course_id
        on conflict (student_id, course_id) do update set
          tasks_graded = excluded.tasks_graded, points_published = excluded.points_published,
          weighted_published = excluded.weighted_published`,
  );
  // The learner's grade-comment notification of each published grade with a comment, worded as
  // notifyGradeComment words it.
  await tx.execute(
    sql`insert into notifications (user_id, type, priority, submission_id, task_id, title, body,
          link, created_at)
        select g.student_id, 'grade_comment'::notification_type, 'normal'::priority, g.submission_id, g.item_id,
               case when g.outcome = 'returned'
                 then 'Your work on “' || g.title || '” was returned with a comment'
                 else 'New comment on your work: ' || g.title end,
               case when length(g.comment) > 500 then left(g.comment, 499) || '…' else g.comment end,
               '/en/' || g.link_kind || '/' || g.item_id || '?submission=' || g.submission_id,
               g.graded_at
        from ${graded} where g.published and g.comment is not null`,
  );
  return {
    submissions: plan.length,
    grades: plan.filter((p) => p.graded).length,
  };
}
