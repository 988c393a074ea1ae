import { sql, type SQL } from 'drizzle-orm';
import { rows } from '../../../apps/api/src/lib/sql';
import {
  evaluateProgramme,
  previewItem,
  savedHitsQuery,
  tuneForEvaluation,
  type CriterionInput,
} from '../../../apps/api/src/modules/dropout/dropout.evaluation';
import type { Context, Scenario } from '../lib/context';
import { signIn } from '../lib/load';
import { startAppWithStudents, type PeopleApp } from '../lib/people';
import { log, median, result, type Result } from '../lib/report';

// Issue 17 (decision 0021 §6): dropout flagging of one programme of 20,000 active enrolments ×
// 60 graded tasks (1.2 M task results) on PostgreSQL. The evaluation in one statement ≤ 2 s, a
// preview ≤ 1 s, and the ratio to the bare aggregate (the same counts without the evidence).

const STUDENTS = 20_000;
const COURSES = 6;
const TASKS_PER_COURSE = 10;
const RUNS = 3;
const USERNAME = 'admin';

type Db = PeopleApp['floor'];

/**
 * The programme: COURSES × TASKS_PER_COURSE graded tasks, all due in the past; every student
 * enrolled in a class of their CLC (the demo facilitator staffs them all). Each student hands in
 * a share of the tasks that depends on the student (60–100 %), handed-in work is graded and
 * published with points spread over 0–10, and the last hand-in lies 0–29 days back; so each
 * criterion flags some students and not others, as in a real programme.
 */
async function loadProgramme(db: Db): Promise<{ programmeId: number; results: number }> {
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
 * The floor: the same counts per (item, enrolment) as the evaluation's ratio criteria, over the
 * same tasks (due so far or graded, the effective due date, study breaks, dropped courses), but
 * bare: no evidence (no task lists, no jsonb), no exclusion reasons, no upsert.
 */
const FLOOR_SQL = `
  with enr as (
    select e.id as enrolment_id, e.user_id as student_id, e.class_id from enrolments e
     where e.programme_id = $1 and e.state = 'active'
       and not exists (select 1 from study_breaks b where b.enrolment_id = e.id
                         and current_date between b.starts_on and b.ends_on)
  ),
  tasks as (
    select en.enrolment_id, coalesce(coalesce(d.due_at, i.due_at) < now(), false) as is_due,
           exists (select 1 from submissions s where s.item_id = i.id and s.student_id = en.student_id
                     and s.status = 'submitted') as handed_in,
           g.is_published and g.outcome = 'graded' as published, g.points, i.max_points
      from enr en
      join programme_courses c on c.programme_id = $1
      join learning_items i on i.course_id = c.id and i.max_points is not null and i.deleted_at is null and i.is_published
      join learning_units u on u.id = i.unit_id and u.deleted_at is null and u.status in ('published', 'closed')
      left join item_class_dates d on d.item_id = i.id and d.class_id = en.class_id
      left join grades g on g.item_id = i.id and g.student_id = en.student_id
  )
  select enrolment_id,
         count(*) filter (where is_due) as due,
         count(*) filter (where is_due and not handed_in) as missed,
         count(*) filter (where published) as graded,
         count(*) filter (where published and points / max_points * 100 < 50) as failed
    from tasks group by enrolment_id`;

const PREVIEW_ITEM: CriterionInput = {
  action: 'follow_up',
  criterion: 'missed_tasks',
  percent: 30,
  weeks: null,
  ignoreZeroPointTasks: true,
};

/**
 * Per term (decision 0022): the same programme made a bachelor one with three terms of two courses
 * each, every student placed in all six offerings, and the four items again for the last term.
 * Run after the professional figures, so those are measured as before.
 */
async function makeBachelor(db: Db, programmeId: number): Promise<string> {
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

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const value = await fn();
  return [performance.now() - t0, value];
}

async function measure(context: Context): Promise<Result[]> {
  const people = await startAppWithStudents(
    context,
    'postgres',
    { LANTERN_WORKERS: '0' },
    STUDENTS,
  );
  try {
    const db = people.floor;
    const [loadMs, { programmeId, results }] = await timed(() => loadProgramme(db));
    await db.exec('vacuum analyze');
    const [enrolled] = await db.query<{ n: number }>(
      `select count(*)::int as n from enrolments where programme_id = $1 and state = 'active'`,
      [programmeId],
    );
    log(
      `  ${String(enrolled?.n ?? 0)} enrolments × ${String(COURSES * TASKS_PER_COURSE)} tasks, ${String(results)} submissions and grades, loaded in ${(loadMs / 1000).toFixed(0)} s`,
    );

    // The floor, then the evaluation: the first run writes the flags, follow-ups,
    // notifications and mails; the next ones refresh the evidence of the same flags.
    const floorMs: number[] = [];
    // The floor under the evaluation's own settings (no JIT, its work_mem), so the ratio
    // compares the statements and not the settings.
    const floorSql = sql.raw(FLOOR_SQL.replaceAll('$1', String(programmeId)));
    const bare = () =>
      db.db.transaction(async (tx) => {
        await tuneForEvaluation(tx);
        return rows(tx, floorSql);
      });
    for (let k = 0; k < RUNS; k += 1) floorMs.push((await timed(bare))[0]);
    const options = { publicUrl: 'http://localhost' };
    const [firstMs, first] = await timed(() =>
      db.db.transaction((tx) => evaluateProgramme(tx, programmeId, options)),
    );
    const written = await db.query<{ notes: number; follow_ups: number; mails: number }>(
      `select (select count(*) from notifications n join dropout_flags f on f.id = n.dropout_flag_id
                where f.programme_id = $1)::int as notes,
              (select count(*) from dropout_follow_ups o join dropout_flags f on f.id = o.flag_id
                where f.programme_id = $1)::int as follow_ups,
              (select count(*) from mail_outbox where dedupe_key like 'auto:%:dropout-flag:%')::int as mails`,
      [programmeId],
    );
    const evalMs: number[] = [];
    let open = 0;
    for (let k = 0; k < RUNS; k += 1) {
      const [ms, counts] = await timed(() =>
        db.db.transaction((tx) => evaluateProgramme(tx, programmeId, options)),
      );
      evalMs.push(ms);
      open = counts.open;
    }
    const previewMs: number[] = [];
    let previewCount = 0;
    for (let k = 0; k < RUNS; k += 1) {
      const [ms, found] = await timed(() => previewItem(db.db, programmeId, PREVIEW_ITEM));
      previewMs.push(ms);
      previewCount = found[0]?.total ?? 0;
    }
    // Through the routes, as an admin: "Evaluate now" and the form's preview.
    const { token } = await signIn(people.app.url, USERNAME);
    const base = `${people.app.url}/api/en/dropout-flagging/professional/${String(programmeId)}`;
    const call = async (path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
      const text = await response.text();
      if (!response.ok)
        throw new Error(`${path} answered ${String(response.status)}: ${text.slice(0, 500)}`);
    };
    const [routeRunMs] = await timed(() => call('/run'));
    const [routePreviewMs] = await timed(() => call('/all/preview', PREVIEW_ITEM));

    const explain = (text: SQL) =>
      db.db.transaction(async (tx) => {
        await tuneForEvaluation(tx);
        return (await rows<{ 'QUERY PLAN': string }>(tx, sql`explain (analyze, buffers) ${text}`))
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      });
    const plan = await explain(savedHitsQuery(programmeId));
    const floorPlan = await explain(floorSql);

    // Per term: the bachelor statement (a term's items count only its courses) on the same data.
    const termKey = await makeBachelor(db, programmeId);
    const [termFirstMs, termFirst] = await timed(() =>
      db.db.transaction((tx) => evaluateProgramme(tx, programmeId, options)),
    );
    const termEvalMs: number[] = [];
    for (let k = 0; k < RUNS; k += 1)
      termEvalMs.push(
        (
          await timed(() => db.db.transaction((tx) => evaluateProgramme(tx, programmeId, options)))
        )[0],
      );
    const termPreviewMs: number[] = [];
    let termPreviewCount = 0;
    for (let k = 0; k < RUNS; k += 1) {
      const [ms, found] = await timed(() => previewItem(db.db, programmeId, PREVIEW_ITEM, termKey));
      termPreviewMs.push(ms);
      termPreviewCount = found[0]?.total ?? 0;
    }
    const termPlan = await explain(savedHitsQuery(programmeId, true));

    const floor = median(floorMs);
    const evaluation = median(evalMs);
    const preview = median(previewMs);
    const termEvaluation = median(termEvalMs);
    const termPreview = median(termPreviewMs);
    const w = written[0];
    log(
      `  bare aggregate median ${floor.toFixed(0)} ms; evaluation first run ${firstMs.toFixed(0)} ms (${String(first.flagged)} flags, ${String(w?.follow_ups ?? 0)} follow-ups, ${String(w?.notes ?? 0)} notifications, ${String(first.mailIds.length)} mails), re-runs median ${evaluation.toFixed(0)} ms, max ${Math.max(...evalMs).toFixed(0)} ms (${String(open)} flags refreshed); preview median ${preview.toFixed(0)} ms (${String(previewCount)} students); through the routes: run ${routeRunMs.toFixed(0)} ms, preview ${routePreviewMs.toFixed(0)} ms`,
    );
    log(
      `  per term (bachelor, 3 terms × 2 courses, 4 items of all + 4 of ${termKey}): first run ${termFirstMs.toFixed(0)} ms (${String(termFirst.flagged)} new flags), re-runs median ${termEvaluation.toFixed(0)} ms; preview of a ${termKey} item median ${termPreview.toFixed(0)} ms (${String(termPreviewCount)} students)`,
    );
    log(`  plan of the evaluation's hits (explain analyze):\n${plan}`);
    const detail = {
      enrolments: enrolled?.n ?? 0,
      tasks: COURSES * TASKS_PER_COURSE,
      results,
      loadMs: Math.round(loadMs),
      floorMs: floorMs.map(Math.round),
      firstRunMs: Math.round(firstMs),
      firstRun: { ...first, mailIds: first.mailIds.length, ...w },
      evaluationMs: evalMs.map(Math.round),
      previewMs: previewMs.map(Math.round),
      previewCount,
      routeRunMs: Math.round(routeRunMs),
      routePreviewMs: Math.round(routePreviewMs),
      termFirstRunMs: Math.round(termFirstMs),
      termEvaluationMs: termEvalMs.map(Math.round),
      termPreviewMs: termPreviewMs.map(Math.round),
      termPreviewCount,
      plan,
      termPlan,
      floorPlan,
      note: `in this process on a pg Pool: FLOOR_SQL (the counts without evidence), evaluateProgramme in a transaction (the first run writes, ${String(RUNS)} re-runs refresh), previewItem ${String(RUNS)} times; then POST …/run and …/all/preview as ${USERNAME} once each`,
    };
    return [
      result({
        scenario: 'dropout',
        name: `evaluation of 4 items over ${String(STUDENTS / 1000)},000 enrolments × ${String(COURSES * TASKS_PER_COURSE)} tasks, one statement, median of re-runs (PostgreSQL)`,
        unit: 'ms',
        value: evaluation,
        floor,
        target: { on: 'value', op: '<=', limit: 2000 },
        detail,
      }),
      result({
        scenario: 'dropout',
        name: 'the first evaluation (writes every flag, follow-up, notification and mail)',
        unit: 'ms',
        value: firstMs,
        floor,
        target: { on: 'value', op: '<=', limit: 2000 },
        detail,
      }),
      result({
        scenario: 'dropout',
        name: 'preview of one unsaved item (count + first 50 with evidence), median',
        unit: 'ms',
        value: preview,
        floor,
        target: { on: 'value', op: '<=', limit: 1000 },
        detail,
      }),
      result({
        scenario: 'dropout',
        name: `per term (bachelor): evaluation of 8 items, 4 of them one term's, median of re-runs`,
        unit: 'ms',
        value: termEvaluation,
        floor,
        target: { on: 'value', op: '<=', limit: 4000 },
        detail,
      }),
      result({
        scenario: 'dropout',
        name: 'per term (bachelor): preview of one unsaved item of a term, median',
        unit: 'ms',
        value: termPreview,
        floor,
        target: { on: 'value', op: '<=', limit: 1000 },
        detail,
      }),
    ];
  } finally {
    await people.close();
  }
}

export const dropoutScenario: Scenario = {
  name: 'dropout',
  summary:
    'issue 17: dropout flagging of 20,000 enrolments × 60 tasks on PostgreSQL: the evaluation in one statement ≤ 2 s, a preview ≤ 1 s, the ratio to the bare aggregate',
  run: measure,
};
