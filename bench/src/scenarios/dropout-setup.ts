// The dropout bench's data, built before dropout.ts measures: the professional programme, then
// its per-term (bachelor) variant.

import type { PeopleApp } from '../lib/people';

export const STUDENTS = 20_000;
export const COURSES = 6;
export const TASKS_PER_COURSE = 10;

type Db = PeopleApp['floor'];

/**
 * The programme: COURSES × TASKS_PER_COURSE graded tasks, all due in the past; every student
 * enrolled in a class of their CLC (the demo facilitator staffs them all). Each student hands in
 * a share of the tasks that depends on the student (60–100 %), handed-in work is graded and
 * published with points spread over 0–10, and the last hand-in lies 0–29 days back; so each
 * criterion flags some students and not others, as in a real programme.
 */
export async function loadProgramme(db: Db): Promise<{ programmeId: number; results: number }> {
  const one = async (text: string, params: unknown[] = []) =>
    (await db.query<{ id: number }>(text, params))[0]?.id ?? 0;
  const programmeId = await one(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status, grading_schema_id)
     values ('professional', 'DO1', 'Dropout bench', 'Dropout bench', '2020-01-01', '2030-12-31',
       'running', (select id from grading_schemas order by id limit 1)) returning id`,
  );
  await db.query(
    `insert into programme_clcs (programme_id, clc_id)
     select distinct $1::int, uc.clc_id from user_clcs uc on conflict do nothing`,
    [programmeId],
  );
  await db.query(
    `insert into classes (programme_id, clc_id, name)
     select $1::int, k.id, 'Class ' || k.code from clcs k
      where exists (select 1 from programme_clcs pc where pc.programme_id = $1 and pc.clc_id = k.id)`,
    [programmeId],
  );
  await db.query(
    `insert into class_staff (class_id, user_id, kind)
     select c.id, u.jwl_id, 'facilitator' from classes c join users u on u.username = 'facilitator'
      where c.programme_id = $1`,
    [programmeId],
  );
  await db.query(
    `insert into programme_courses (programme_id, code, title, units, position)
     select $1::int, 'DO' || g, 'Course ' || g, 1, g from generate_series(1, $2::int) g`,
    [programmeId, COURSES],
  );
  await db.query(
    `insert into enrolments (programme_id, user_id, clc_id, class_id, state)
     select $1::int, u.jwl_id, uc.clc_id, c.id, 'active'
       from users u join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
       join lateral (select min(clc_id) as clc_id from user_clcs where user_id = u.jwl_id) uc on true
       join classes c on c.programme_id = $1 and c.clc_id = uc.clc_id
      where not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
      order by u.jwl_id limit $2`,
    [programmeId, STUDENTS],
  );
  await db.query(
    `insert into learning_units (course_id, title, position, status, published_at)
     select c.id, 'Unit', 1, 'published', now() from programme_courses c where c.programme_id = $1`,
    [programmeId],
  );
  await db.query(
    `insert into learning_items (unit_id, course_id, kind, title, position, is_published, published_at,
       delivery, max_points, grading, due_at)
     select u.id, u.course_id, 'text_task', 'Task ' || g, g, true, now(), 'online', 10, 'points',
            now() - interval '1 day' * (100 - g * 3 - c.position)
       from learning_units u join programme_courses c on c.id = u.course_id and c.programme_id = $1
      cross join generate_series(1, $2::int) g`,
    [programmeId, TASKS_PER_COURSE],
  );
  // Course by course, so no statement holds the whole load (200,000 rows each).
  const courses = await db.query<{ id: number }>(
    `select id from programme_courses where programme_id = $1 order by id`,
    [programmeId],
  );
  const handedIn = `(e.user_id * 7 + i.id * 13) % 100 < 60 + e.user_id % 41`;
  for (const course of courses) {
    await db.query(
      `insert into submissions (item_id, student_id, course_id, attempt, status, item_version, submitted_at)
       select i.id, e.user_id, i.course_id, 1, 'submitted', 1,
              now() - interval '1 day' * ((e.user_id + i.id) % 30)
         from learning_items i cross join enrolments e
        where i.course_id = $1 and e.programme_id = $2 and ${handedIn}`,
      [course.id, programmeId],
    );
    await db.query(
      `insert into grades (item_id, student_id, course_id, outcome, points, is_published, max_points, item_version)
       select i.id, e.user_id, i.course_id, 'graded', (e.user_id + i.id * 3) % 11, true, 10, 1
         from learning_items i cross join enrolments e
        where i.course_id = $1 and e.programme_id = $2 and ${handedIn}`,
      [course.id, programmeId],
    );
  }
  // One item per criterion, each with another action; the mail of mail_student is published.
  await db.query(
    `insert into dropout_flagging_items (programme_id, term_key, action, criterion, percent, weeks)
     values ($1, 'all', 'notify_coordinator', 'missed_tasks', 30, null),
            ($1, 'all', 'notify_facilitator', 'failed_tasks', 60, null),
            ($1, 'all', 'mail_student', 'below_grade', 40, null),
            ($1, 'all', 'follow_up', 'inactive', null, 4)`,
    [programmeId],
  );
  await db.query(
    `insert into automatic_mails (programme_id, event_type, subject, body, recipient_role, published)
     values ($1, 'dropout_flagged', 'We miss you, {{firstName}}',
             'Flagged on {{flaggedOn}}: {{criterion}}.', 'student', true)`,
    [programmeId],
  );
  const [results] = await db.query<{ n: number }>(
    `select (select count(*) from submissions s join programme_courses c on c.id = s.course_id
              where c.programme_id = $1)::int
          + (select count(*) from grades g join programme_courses c on c.id = g.course_id
              where c.programme_id = $1)::int as n`,
    [programmeId],
  );
  return { programmeId, results: results?.n ?? 0 };
}

/**
 * Per term (decision 0022): the same programme made a bachelor one with three terms of two courses
 * each, every student placed in all six offerings, and the four items again for the last term.
 * Run after the professional figures, so those are measured as before.
 */
export async function makeBachelor(db: Db, programmeId: number): Promise<string> {
  await db.query(`update programmes set type = 'bachelor' where id = $1`, [programmeId]);
  await db.query(
    `insert into ba_terms (programme_id, year, season, name, start_date, weeks)
     values ($1, 2026, 'sp', 'Spring 2026', '2026-01-10', 14),
            ($1, 2026, 'su', 'Summer 2026', '2026-05-01', 14),
            ($1, 2026, 'fa', 'Fall 2026', '2026-09-01', 14)`,
    [programmeId],
  );
  await db.query(
    `insert into ba_offerings (term_id, course_id)
     select t.id, c.id from programme_courses c
       join ba_terms t on t.programme_id = $1
        and t.season = (array['sp', 'su', 'fa']::term_season[])[(c.position + 1) / 2]
      where c.programme_id = $1`,
    [programmeId],
  );
  await db.query(
    `insert into ba_student_courses (offering_id, enrolment_id, status)
     select o.id, e.id, 'active' from enrolments e
       join ba_terms t on t.programme_id = e.programme_id
       join ba_offerings o on o.term_id = t.id
      where e.programme_id = $1`,
    [programmeId],
  );
  await db.query(
    `insert into dropout_flagging_items (programme_id, term_key, action, criterion, percent, weeks)
     values ($1, '2026-fa', 'notify_coordinator', 'missed_tasks', 30, null),
            ($1, '2026-fa', 'notify_facilitator', 'failed_tasks', 60, null),
            ($1, '2026-fa', 'mail_student', 'below_grade', 40, null),
            ($1, '2026-fa', 'follow_up', 'inactive', null, 4)`,
    [programmeId],
  );
  await db.exec('vacuum analyze');
  return '2026-fa';
}
