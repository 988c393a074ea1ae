// The grade-book bench's course, loaded once for both its halves: the API runs
// (grade-book-api.ts) and the browser runs (grade-book-browser.ts).

export const STUDENTS = 2000;
export const UNITS = 10;
export const TASKS_PER_UNIT = 10;
export const USERNAME = 'lead_faculty';

/**
 * The course: 2,000 generated students in one running programme (classes of 40), 10 published
 * units of 10 tasks each, every student with a handed-in attempt at every task and 80 % of
 * those graded (half of them published), and course_progress as applyGradeEvent keeps it.
 * Set-based SQL, so the load takes seconds.
 */
export async function loadCourse(
  query: (text: string, params?: unknown[]) => Promise<{ id: number }[]>,
): Promise<number> {
  const [programme] = await query(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status, grading_schema_id)
     values ('professional', 'GB1', 'Grade book bench', 'Grade book bench', '2026-01-01', '2027-12-31',
       'running', (select id from grading_schemas order by id limit 1)) returning id`,
  );
  const programmeId = programme?.id ?? 0;
  const [course] = await query(
    `insert into programme_courses (programme_id, code, title, units, position)
     values ($1, 'GB', 'Grade book course', 3, 1) returning id`,
    [programmeId],
  );
  const courseId = course?.id ?? 0;
  await query(
    `insert into programme_clcs (programme_id, clc_id)
     select distinct $1::int, uc.clc_id from user_clcs uc
     join user_roles r on r.user_id = uc.user_id and r.role_key = 'STUDENT'
     on conflict do nothing returning 0 as id`,
    [programmeId],
  );
  await query(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1::int, u.jwl_id, (select min(uc.clc_id) from user_clcs uc where uc.user_id = u.jwl_id), 'active'
     from users u join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
     where not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
     order by u.jwl_id limit $2 returning id`,
    [programmeId, STUDENTS],
  );
  // Classes of 40 per CLC, as a distribution would make them.
  await query(
    `with ranked as (
       select e.id, e.clc_id, (row_number() over (partition by e.clc_id order by e.id) - 1) / 40 as n
       from enrolments e where e.programme_id = $1),
     made as (
       insert into classes (programme_id, clc_id, name)
       select distinct $1::int, clc_id, 'C' || clc_id || '-' || n from ranked returning id, clc_id, name)
     update enrolments e set class_id = m.id from ranked r join made m on m.clc_id = r.clc_id
       and m.name = 'C' || r.clc_id || '-' || r.n
     where e.id = r.id returning e.id`,
    [programmeId],
  );
  await query(
    `insert into learning_units (course_id, title, position, status, published_at)
     select $1::int, 'Unit ' || g, g, 'published', now() from generate_series(1, $2::int) g returning id`,
    [courseId, UNITS],
  );
  await query(
    `insert into learning_items (unit_id, course_id, kind, title, position, is_published, published_at,
       delivery, max_points, grading)
     select u.id, $1::int, 'text_task', 'Task ' || u.position || '.' || g, g, true, now(),
       case when g % 2 = 0 then 'online' else 'onsite' end::task_delivery, 10, 'points'
     from learning_units u cross join generate_series(1, $2::int) g
     where u.course_id = $1 returning id`,
    [courseId, TASKS_PER_UNIT],
  );
  await query(
    `insert into submissions (item_id, student_id, course_id, attempt, status, text, word_count,
       item_version, late, submitted_at)
     select i.id, e.user_id, $1::int, 1, 'submitted', 'An answer.', 2, 1, (e.user_id + i.id) % 7 = 0,
       now() - interval '1 minute' * ((e.user_id + i.id) % 5000)
     from enrolments e cross join learning_items i
     where e.programme_id = $2 and i.course_id = $1 returning 0 as id`,
    [courseId, programmeId],
  );
  await query(
    `insert into grades (item_id, student_id, course_id, submission_id, outcome, points, is_published,
       max_points, item_version, graded_at, published_at)
     select s.item_id, s.student_id, s.course_id, s.id, 'graded', (s.student_id + s.item_id) % 11,
       (s.student_id + s.item_id) % 2 = 0, 10, 1, now(),
       case when (s.student_id + s.item_id) % 2 = 0 then now() end
     from submissions s where s.course_id = $1 and (s.student_id + s.item_id) % 5 <> 0
     returning 0 as id`,
    [courseId],
  );
  await query(
    `insert into course_progress (student_id, course_id, tasks_submitted, tasks_graded, points_published,
       weighted_published)
     select e.user_id, $1::int, $3::int,
       count(g.item_id) filter (where g.is_published),
       coalesce(sum(g.points) filter (where g.is_published), 0),
       coalesce(sum(g.points / g.max_points) filter (where g.is_published), 0)
     from enrolments e left join grades g on g.student_id = e.user_id and g.course_id = $1
     where e.programme_id = $2 group by e.user_id returning 0 as id`,
    [courseId, programmeId, UNITS * TASKS_PER_UNIT],
  );
  return courseId;
}
