import type { TestApp } from './helpers';

/**
 * Teaching test data made with SQL (the demo content is another area's): a running programme
 * at KAK and AMM with one course, a published unit with an online text task (10 points), an
 * onsite file task (20 points) and a resource; class K1 at KAK (the demo student and three
 * more; staffed by facilitator, lead_facilitator, faculty and teaching_assistant) and class K2 at AMM (student_2
 * and two more; facilitator_2). Every learner has handed in the text task; the demo student
 * also the file task, late.
 */
export type TeachingFixture = {
  programmeId: number;
  courseId: number;
  unitId: number;
  textTask: number;
  fileTask: number;
  resource: number;
  k1: number;
  k2: number;
  students: { k1: number[]; k2: number[] };
  user: Record<string, number>;
  /** submissions[itemId][studentId] */
  submissions: Record<number, Record<number, number>>;
  scaleMax: number;
};

const one = async <T extends Record<string, unknown>>(
  t: TestApp,
  text: string,
  params: unknown[] = [],
): Promise<T> => {
  const [row] = await t.database.query<T>(text, params);
  if (!row) throw new Error(`no row: ${text}`);
  return row;
};

export async function makeTeachingFixture(t: TestApp, code = '951'): Promise<TeachingFixture> {
  const user: Record<string, number> = {};
  for (const u of await t.database.query<{ username: string; jwl_id: number }>(
    `select username, jwl_id from users where username in ('student', 'student_2', 'facilitator',
       'facilitator_2', 'faculty', 'lead_faculty', 'teaching_assistant', 'lead_facilitator', 'admin')`,
  ))
    user[u.username] = u.jwl_id;
  const clc: Record<string, number> = {};
  for (const row of await t.database.query<{ id: number; code: string }>(
    `select id, code from clcs where code in ('KAK', 'AMM')`,
  ))
    clc[row.code] = row.id;
  const schema = await one<{ id: number; scale_max: string }>(
    t,
    `select id, scale_max from grading_schemas order by id limit 1`,
  );
  const { id: programmeId } = await one<{ id: number }>(
    t,
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status, grading_schema_id)
     values ('professional', $1, 'Teaching test', 'Teaching test', '2026-01-01', '2027-12-31', 'running', $2)
     returning id`,
    [code, schema.id],
  );
  await t.database.query(
    `insert into programme_clcs (programme_id, clc_id) values ($1, $2), ($1, $3)`,
    [programmeId, clc.KAK, clc.AMM],
  );
  const { id: courseId } = await one<{ id: number }>(
    t,
    `insert into programme_courses (programme_id, code, title, units, position)
     values ($1, 'TT1', 'Teaching and learning', 3, 1) returning id`,
    [programmeId],
  );
  const k1 = (
    await one<{ id: number }>(
      t,
      `insert into classes (programme_id, clc_id, name) values ($1, $2, 'K1') returning id`,
      [programmeId, clc.KAK],
    )
  ).id;
  const k2 = (
    await one<{ id: number }>(
      t,
      `insert into classes (programme_id, clc_id, name) values ($1, $2, 'K2') returning id`,
      [programmeId, clc.AMM],
    )
  ).id;
  await t.database.query(
    `insert into class_staff (class_id, user_id, kind) values
       ($1, $3, 'facilitator'), ($1, $4, 'faculty'), ($1, $5, 'assistant'), ($2, $6, 'facilitator'),
       ($1, $7, 'facilitator')`,
    [
      k1,
      k2,
      user.facilitator,
      user.faculty,
      user.teaching_assistant,
      user.facilitator_2,
      user.lead_facilitator,
    ],
  );
  const enrol = async (clcId: number | undefined, classId: number, first: number, n: number) => {
    await t.database.query(
      `insert into enrolments (programme_id, user_id, clc_id, state, class_id)
       values ($1, $2, $3, 'active', $4)`,
      [programmeId, first, clcId, classId],
    );
    const more = await t.database.query<{ user_id: number }>(
      `insert into enrolments (programme_id, user_id, clc_id, state, class_id)
       select $1, u.jwl_id, $2, 'active', $3 from users u
       join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
       join user_clcs uc on uc.user_id = u.jwl_id and uc.clc_id = $2
       where not exists (select 1 from enrolments e where e.programme_id = $1 and e.user_id = u.jwl_id)
         and not exists (select 1 from study_breaks b join enrolments e2 on e2.id = b.enrolment_id
                         where e2.user_id = u.jwl_id)
       order by u.jwl_id limit $4
       returning user_id`,
      [programmeId, clcId, classId, n],
    );
    return [first, ...more.map((m) => m.user_id)];
  };
  const studentId = user.student ?? 0;
  const student2 = user.student_2 ?? 0;
  const k1Students = await enrol(clc.KAK, k1, studentId, 3);
  const k2Students = await enrol(clc.AMM, k2, student2, 2);
  const { id: unitId } = await one<{ id: number }>(
    t,
    `insert into learning_units (course_id, title, position, status, published_at)
     values ($1, 'Unit one', 1, 'published', now()) returning id`,
    [courseId],
  );
  const item = async (
    kind: string,
    title: string,
    delivery: string | null,
    max: number | null,
    pos: number,
  ) =>
    (
      await one<{ id: number }>(
        t,
        `insert into learning_items (unit_id, course_id, kind, title, position, is_published, published_at,
           delivery, max_points, grading, due_at)
         values ($1, $2, $3, $4, $5, true, now(), $6, $7, $8, now() - interval '1 day') returning id`,
        [unitId, courseId, kind, title, pos, delivery, max, max === null ? null : 'points'],
      )
    ).id;
  const textTask = await item('text_task', 'Reflection', 'online', 10, 1);
  const fileTask = await item('file_task', 'Poster', 'onsite', 20, 2);
  const resource = await item('resource', 'Reading', null, null, 3);
  const submissions: Record<number, Record<number, number>> = { [textTask]: {}, [fileTask]: {} };
  const submit = async (itemId: number, sid: number, late: boolean) => {
    const row = await one<{ id: string | number }>(
      t,
      `insert into submissions (item_id, student_id, course_id, attempt, status, text, word_count,
         item_version, late, submitted_at)
       values ($1, $2, $3, 1, 'submitted', 'My answer, in a few words.', 5, 1, $4, now() - interval '1 hour' * $5)
       returning id`,
      [itemId, sid, courseId, late, 100 - (sid % 50)],
    );
    (submissions[itemId] ??= {})[sid] = Number(row.id);
  };
  for (const sid of [...k1Students, ...k2Students]) await submit(textTask, sid, false);
  await submit(fileTask, studentId, true);
  return {
    programmeId,
    courseId,
    unitId,
    textTask,
    fileTask,
    resource,
    k1,
    k2,
    students: { k1: k1Students, k2: k2Students },
    user,
    submissions,
    scaleMax: Number(schema.scale_max),
  };
}
