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
import { startAppWithStudents } from '../lib/people';
import { log, median, result, type Result } from '../lib/report';
import { COURSES, loadProgramme, makeBachelor, STUDENTS, TASKS_PER_COURSE } from './dropout-setup';

// Issue 17 (decision 0021 §6): dropout flagging of one programme of 20,000 active enrolments ×
// 60 graded tasks (1.2 M task results) on PostgreSQL. The evaluation in one statement ≤ 2 s, a
// preview ≤ 1 s, and the ratio to the bare aggregate (the same counts without the evidence).

const RUNS = 3;
const USERNAME = 'admin';

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
