import type { Database } from '@lantern/db/client';

/**
 * A running programme with one course of `tasks` published 10-point text tasks in one published
 * unit, in every CLC, and up to `students` demo students not yet enrolled anywhere enrolled in
 * it: the fixture of the grading benches (grade requests, grade-book concurrency).
 */
export async function seedTaskCourse(
  db: Database,
  options: { code: string; title: string; students: number; tasks: number },
): Promise<{ programmeId: number; courseId: number; itemIds: number[] }> {
  const one = async (text: string, params: unknown[] = []) =>
    (await db.query<{ id: number }>(text, params))[0]?.id ?? 0;
  const programmeId = await one(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status, grading_schema_id)
     values ('professional', $1, $2, $2, '2020-01-01', '2030-12-31', 'running',
       (select id from grading_schemas order by id limit 1)) returning id`,
    [`${options.code}1`, `${options.title} bench`],
  );
  await db.query(
    `insert into programme_clcs (programme_id, clc_id)
     select distinct $1::int, uc.clc_id from user_clcs uc on conflict do nothing`,
    [programmeId],
  );
  const courseId = await one(
    `insert into programme_courses (programme_id, code, title, units, position)
     values ($1, $2, $3, 3, 1) returning id`,
    [programmeId, options.code, `${options.title} course`],
  );
  await db.query(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1::int, u.jwl_id, (select min(uc.clc_id) from user_clcs uc where uc.user_id = u.jwl_id), 'active'
     from users u join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
     where not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
     order by u.jwl_id limit $2`,
    [programmeId, options.students],
  );
  const unitId = await one(
    `insert into learning_units (course_id, title, position, status, published_at)
     values ($1, 'Unit', 1, 'published', now()) returning id`,
    [courseId],
  );
  const itemIds = (
    await db.query<{ id: number }>(
      `insert into learning_items (unit_id, course_id, kind, title, position, is_published,
         published_at, delivery, max_points, grading)
       select $1::int, $2::int, 'text_task', 'Task ' || g, g, true, now(), 'online', 10, 'points'
       from generate_series(1, $3::int) g returning id`,
      [unitId, courseId, options.tasks],
    )
  ).map((r) => r.id);
  return { programmeId, courseId, itemIds };
}
