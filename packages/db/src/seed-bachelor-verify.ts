import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { gradeSetHash, gradeSetOf, snapshotOf } from './bachelor-grade-set';

// Demo verification and export statuses for the bachelor programme 512 (docs/decisions/0022
// "As built: verification"). Runs after the terms seed: it takes whatever terms with students
// exist and does nothing when there are none. Newest started term first, the terms get: BASIC
// only; BASIC and every CLC; all three levels, then a grade change (so all three are stale);
// all three levels. Students with a final passing grade in every course get, in turn,
// completed, completed-exported and graduated (the demo's batches keep no file).

type Plan = 'basic' | 'basic+clc' | 'stale' | 'all';
const PLANS: Plan[] = ['basic', 'basic+clc', 'stale', 'all'];

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export async function seedBachelorVerify(
  db: Db,
): Promise<{ verifiedTerms: number; exportStatuses: number }> {
  const [programme] = await rowsOf<{ id: number }>(
    db,
    sql`select id from programmes where type = 'bachelor' and code = '512' order by id limit 1`,
  );
  if (!programme) return { verifiedTerms: 0, exportStatuses: 0 };
  const withStudents = sql`exists (select 1 from ba_offerings o
      join ba_student_courses sc on sc.offering_id = o.id
      where o.term_id = t.id and sc.status <> 'drop-delete')`;
  let terms = await rowsOf<{ id: number }>(
    db,
    sql`select t.id from ba_terms t where t.programme_id = ${programme.id} and ${withStudents}
          and t.start_date <= current_date
        order by t.start_date desc, t.id desc limit ${PLANS.length}`,
  );
  if (terms.length === 0)
    terms = await rowsOf<{ id: number }>(
      db,
      sql`select t.id from ba_terms t where t.programme_id = ${programme.id} and ${withStudents}
          order by t.start_date, t.id limit ${PLANS.length}`,
    );
  const people = await rowsOf<{ username: string; jwl_id: number }>(
    db,
    sql`select username, jwl_id from users where username in
          ('admin', 'academic_manager', 'lead_coordinator', 'university_representative')`,
  );
  const user = (name: string) => people.find((p) => p.username === name)?.jwl_id ?? null;
  const [kak] = await rowsOf<{ id: number }>(db, sql`select id from clcs where code = 'KAK'`);

  // Results are one per student and course, shared by every term the course was taken in:
  // all terms' grades are made final before any is approved, so that finalising one term does
  // not move a grade another term's approval already signed.
  for (const term of terms) await finaliseGrades(db, term.id);
  const staleLater: number[] = [];
  for (const [index, term] of terms.entries()) {
    const plan = PLANS[index] ?? 'all';
    const all = await gradeSetOf(db, term.id);
    const days = 10 + index * 30;
    const approveAt = async (level: 'BASIC' | 'CLC' | 'UNI', clcId: number | null, at: number) => {
      const entries = clcId === null ? all : all.filter((e) => e.clcId === clcId);
      const snapshot = snapshotOf(entries);
      const by =
        level === 'BASIC'
          ? user('academic_manager')
          : level === 'UNI'
            ? user('university_representative')
            : clcId === kak?.id
              ? user('lead_coordinator')
              : user('admin');
      await db.execute(
        sql`insert into ba_verifications (term_id, clc_id, level, hash, grades, snapshot,
              approved_by, approved_at)
            values (${term.id}, ${clcId}, ${level}, ${gradeSetHash(snapshot)}, ${entries.length},
              ${JSON.stringify(snapshot)}::jsonb, ${by}, now() - make_interval(days => ${at}))`,
      );
    };
    await approveAt('BASIC', null, days);
    if (plan === 'basic') continue;
    const clcIds = [...new Set(all.map((e) => e.clcId).filter((c) => c !== null))].sort(
      (a, b) => a - b,
    );
    for (const clcId of clcIds) await approveAt('CLC', clcId, days - 2);
    if (plan === 'basic+clc') continue;
    await approveAt('UNI', null, days - 5);
    if (plan === 'stale') staleLater.push(term.id);
  }
  for (const termId of staleLater)
    await changeOneGrade(
      db,
      termId,
      terms.map((t) => t.id),
    );
  const exportStatuses = await seedExportStatuses(db, programme.id, user('admin'));
  return { verifiedTerms: terms.length, exportStatuses };
}

/**
 * Gives every student course of a term that expects one a final result, as the grade ledger
 * leaves it (decision 0021): an entered result made final, each step an event; a result
 * entered but not final yet is made final. Failed courses
 * get a failing grade, the others a passing one.
 */
async function finaliseGrades(db: Db, termId: number): Promise<void> {
  // Results already entered but not final yet are made final (a finalise event each).
  await db.execute(sql`
    with made as (
      update course_results r set is_final = true, version = r.version + 1, updated_at = now()
      from ba_student_courses sc join ba_offerings o on o.id = sc.offering_id
      where o.term_id = ${termId} and sc.status <> 'drop-delete' and not r.is_final
        and r.enrolment_id = sc.enrolment_id and r.course_id = o.course_id
      returning r.enrolment_id, r.course_id, r.score, r.version, r.grading_schema_id,
        r.grading_schema_version)
    insert into grade_events (subject, student_id, course_id, enrolment_id, action, old_points,
      new_points, old_published, new_published, max_points, grading_schema_id,
      grading_schema_version, grade_version, reason)
    select 'course_result', e.user_id, m.course_id, m.enrolment_id, 'finalise', m.score, m.score,
      false, true, coalesce(gs.scale_max, m.score), m.grading_schema_id, m.grading_schema_version,
      m.version, 'Final grades of the term.'
    from made m join enrolments e on e.id = m.enrolment_id
    left join grading_schemas gs on gs.id = m.grading_schema_id
    order by m.enrolment_id, m.course_id`);
  await db.execute(sql`
    with made as (
      insert into course_results (enrolment_id, course_id, score, source, is_final,
        grading_schema_id, grading_schema_version, version)
      select distinct on (sc.enrolment_id, o.course_id) sc.enrolment_id, o.course_id,
        case when sc.status in ('failed', 'retaken') then 1.5
             else least(gs.scale_max, 2 + ((sc.id * 7) % 21) / 10.0) end,
        'entered', true, p.grading_schema_id, gs.version, 2
      from ba_student_courses sc
      join ba_offerings o on o.id = sc.offering_id
      join enrolments e on e.id = sc.enrolment_id
      join programmes p on p.id = e.programme_id
      join grading_schemas gs on gs.id = p.grading_schema_id
      where o.term_id = ${termId} and sc.status not in ('drop-delete', 'open', 'withdrawn')
      order by sc.enrolment_id, o.course_id, sc.id
      on conflict (enrolment_id, course_id) do nothing
      returning enrolment_id, course_id, score, grading_schema_id, grading_schema_version)
    insert into grade_events (subject, student_id, course_id, enrolment_id, action, old_points,
      new_points, old_published, new_published, max_points, grading_schema_id,
      grading_schema_version, grade_version, reason)
    select 'course_result', e.user_id, m.course_id, m.enrolment_id, s.action::grade_event_action,
      case when s.v = 1 then null else m.score end, m.score,
      case when s.v = 1 then null else false end, s.v = 2, gs.scale_max,
      m.grading_schema_id, m.grading_schema_version, s.v,
      case when s.v = 2 then 'Final grades of the term.' end
    from made m
    join enrolments e on e.id = m.enrolment_id
    join grading_schemas gs on gs.id = m.grading_schema_id
    cross join (values ('save', 1), ('finalise', 2)) as s(action, v)
    order by m.enrolment_id, m.course_id, s.v`);
}

/** A grade-change request approved after the term was verified: one result moves by half. */
async function changeOneGrade(db: Db, termId: number, verifiedTermIds: number[]): Promise<void> {
  await db.execute(sql`
    with target as (
      select r.enrolment_id, r.course_id, r.score as old_score,
        case when r.score >= 3.5 then r.score - 0.5 else r.score + 0.5 end as new_score
      from ba_student_courses sc
      join ba_offerings o on o.id = sc.offering_id
      join course_results r on r.enrolment_id = sc.enrolment_id and r.course_id = o.course_id
      where o.term_id = ${termId} and sc.status = 'active' and r.is_final
        -- Results are one per student and course, shared by every term the course was taken
        -- in: only a result no other verified term holds is changed, so that no other
        -- term's approvals go stale with it (where every result is shared, none is).
        and not exists (select 1 from ba_student_courses sc2
          join ba_offerings o2 on o2.id = sc2.offering_id
          where sc2.enrolment_id = sc.enrolment_id and o2.course_id = o.course_id
            and o2.term_id <> ${termId} and o2.term_id in (${sql.join(
              verifiedTermIds.map((id) => sql`${id}`),
              sql`, `,
            )}))
      order by sc.id limit 1),
    changed as (
      update course_results r set score = t.new_score, version = r.version + 1, updated_at = now()
      from target t where r.enrolment_id = t.enrolment_id and r.course_id = t.course_id
      returning r.enrolment_id, r.course_id, t.old_score, r.score, r.version, r.grading_schema_id,
        r.grading_schema_version)
    insert into grade_events (subject, student_id, course_id, enrolment_id, action, old_points,
      new_points, old_published, new_published, max_points, grading_schema_id,
      grading_schema_version, grade_version, reason)
    select 'course_result', e.user_id, c.course_id, c.enrolment_id, 'change', c.old_score,
      c.score, true, true, coalesce(gs.scale_max, c.score), c.grading_schema_id,
      c.grading_schema_version, c.version, 'Grade-change request approved after verification.'
    from changed c join enrolments e on e.id = c.enrolment_id
    left join grading_schemas gs on gs.id = c.grading_schema_id`);
}

/**
 * Students of the programme with a final passing grade in every course, in turn completed,
 * completed-exported and graduated (at most nine); the exported ones in one batch.
 */
async function seedExportStatuses(
  db: Db,
  programmeId: number,
  adminId: number | null,
): Promise<number> {
  const eligible = await rowsOf<{ id: number }>(
    db,
    sql`select e.id from enrolments e
        join programmes p on p.id = e.programme_id
        join grading_schemas gs on gs.id = p.grading_schema_id
        where e.programme_id = ${programmeId} and e.state in ('active', 'completed')
          and not exists (select 1 from programme_courses pc where pc.programme_id = e.programme_id
            and not exists (select 1 from course_results r where r.enrolment_id = e.id
              and r.course_id = pc.id and r.is_final and r.score >= gs.pass_mark))
          and exists (select 1 from programme_courses pc where pc.programme_id = e.programme_id)
          and not exists (select 1 from ba_export_statuses s where s.enrolment_id = e.id)
        order by e.id limit 9`,
  );
  if (eligible.length === 0) return 0;
  const statusOf = (i: number) =>
    (['completed', 'completed-exported', 'graduated'] as const)[i % 3] ?? 'completed';
  const exported = eligible.filter((_, i) => statusOf(i) !== 'completed');
  let batchId: number | null = null;
  if (exported.length > 0) {
    const [batch] = await rowsOf<{ id: number }>(
      db,
      sql`insert into ba_export_batches (programme_id, purpose, rows, created_by, created_at)
          values (${programmeId}, 'graduates', ${exported.length}, ${adminId},
            now() - interval '20 days')
          returning id`,
    );
    batchId = batch?.id ?? null;
  }
  for (const [i, e] of eligible.entries()) {
    const status = statusOf(i);
    await db.execute(
      sql`insert into ba_export_statuses (enrolment_id, status, batch_id, changed_by, version)
          values (${e.id}, ${status}, ${status === 'completed' ? null : batchId}, ${adminId},
            ${status === 'completed' ? 1 : status === 'completed-exported' ? 2 : 3})`,
    );
  }
  return eligible.length;
}
