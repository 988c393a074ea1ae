import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { syncCourseResults } from './bachelor-attempts';
import { gradeSetHash, gradeSetOf, snapshotOf } from './bachelor-grade-set';
import { gradeAttempts } from './seed-bachelor-credits';

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
  if (terms.length === 0) return { verifiedTerms: 0, exportStatuses: 0 };
  const people = await rowsOf<{ username: string; jwl_id: number }>(
    db,
    sql`select username, jwl_id from users where username in
          ('admin', 'academic_manager', 'lead_coordinator', 'university_representative')`,
  );
  const user = (name: string) => people.find((p) => p.username === name)?.jwl_id ?? null;
  const [kak] = await rowsOf<{ id: number }>(db, sql`select id from clcs where code = 'KAK'`);

  // Each attempt has its own result (decision 0022, "results per attempt"). Every term that has
  // started is graded (the verified ones and the others, which wait for their first approval),
  // oldest first, as they were taught, so that each course's latest attempt is the one the
  // student's course result and credit follow.
  const started = await rowsOf<{ id: number }>(
    db,
    sql`select t.id from ba_terms t where t.programme_id = ${programme.id} and ${withStudents}
          and (t.start_date <= current_date or t.id in (${sql.join(
            terms.map((term) => sql`${term.id}`),
            sql`, `,
          )}))
        order by t.start_date, t.id`,
  );
  for (const term of started) await finaliseGrades(db, term.id);
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
  for (const termId of staleLater) await changeOneGrade(db, termId);
  // The student's course result follows each course's latest graded attempt.
  const enrolled = await rowsOf<{ id: number }>(
    db,
    sql`select id from enrolments where programme_id = ${programme.id}`,
  );
  await syncCourseResults(
    db,
    enrolled.map((e) => e.id),
  );
  const exportStatuses = await seedExportStatuses(db, programme.id, user('admin'));
  return { verifiedTerms: terms.length, exportStatuses };
}

/**
 * Gives every attempt of a term that expects one a final result, as the grade ledger leaves it
 * (decision 0021): a result entered but not final yet is made final (a `finalise` event), one
 * missing is entered and made final (`save`, `finalise`), each event naming its attempt. Failed
 * and retaken attempts get a failing grade, the others a passing one.
 */
async function finaliseGrades(db: Db, termId: number): Promise<void> {
  await db.execute(sql`
    with made as (
      update ba_attempt_results a set is_final = true, version = a.version + 1, updated_at = now()
      from ba_student_courses sc join ba_offerings o on o.id = sc.offering_id
      where o.term_id = ${termId} and sc.status <> 'drop-delete' and not a.is_final
        and a.student_course_id = sc.id
      returning a.student_course_id, sc.enrolment_id, o.course_id, a.score, a.version,
        a.grading_schema_id, a.grading_schema_version)
    insert into grade_events (subject, student_id, course_id, enrolment_id, student_course_id,
      action, old_points, new_points, old_published, new_published, max_points,
      grading_schema_id, grading_schema_version, grade_version, reason)
    select 'course_result', e.user_id, m.course_id, m.enrolment_id, m.student_course_id,
      'finalise', m.score, m.score, false, true, coalesce(gs.scale_max, m.score),
      m.grading_schema_id, m.grading_schema_version, m.version, 'Final grades of the term.'
    from made m join enrolments e on e.id = m.enrolment_id
    left join grading_schemas gs on gs.id = m.grading_schema_id
    order by m.enrolment_id, m.course_id`);
  const missing = await rowsOf<{
    e: number;
    c: number;
    k: 'course' | 'internship';
    score: string;
    schema_id: number;
  }>(
    db,
    sql`select sc.enrolment_id as e, o.course_id as c, o.kind::text as k,
          p.grading_schema_id as schema_id,
          case when sc.status in ('failed', 'retaken') then 1.5
               else least(gs.scale_max, 2 + ((sc.id * 7) % 21) / 10.0) end as score
        from ba_student_courses sc
        join ba_offerings o on o.id = sc.offering_id
        join enrolments e on e.id = sc.enrolment_id
        join programmes p on p.id = e.programme_id
        join grading_schemas gs on gs.id = p.grading_schema_id
        where o.term_id = ${termId} and sc.status not in ('drop-delete', 'open', 'withdrawn')
          and not exists (select 1 from ba_attempt_results a where a.student_course_id = sc.id)
        order by sc.id`,
  );
  const schemaId = missing[0]?.schema_id;
  if (schemaId !== undefined)
    await gradeAttempts(
      db,
      termId,
      missing.map((m) => ({ e: m.e, c: m.c, k: m.k, score: Number(m.score) })),
      schemaId,
      'Final grades of the term.',
    );
}

/**
 * A grade-change request approved after the term was verified: one attempt's final result moves
 * by half a grade (its version goes on from the course's last event).
 */
async function changeOneGrade(db: Db, termId: number): Promise<void> {
  await db.execute(sql`
    with target as (
      select a.student_course_id, a.score as old_score,
        case when a.score >= 3.5 then a.score - 0.5 else a.score + 0.5 end as new_score,
        (select max(ev.grade_version) from grade_events ev where ev.subject = 'course_result'
           and ev.enrolment_id = sc.enrolment_id and ev.course_id = o.course_id) + 1 as version
      from ba_student_courses sc
      join ba_offerings o on o.id = sc.offering_id
      join ba_attempt_results a on a.student_course_id = sc.id
      join ba_terms t on t.id = o.term_id
      where o.term_id = ${termId} and sc.status = 'active' and a.is_final
      -- An earlier attempt first (a later one has its result, and the credit stays with it).
      order by exists (select 1 from ba_student_courses sc2
          join ba_offerings o2 on o2.id = sc2.offering_id and o2.course_id = o.course_id
          join ba_terms t2 on t2.id = o2.term_id and t2.start_date > t.start_date
          join ba_attempt_results a2 on a2.student_course_id = sc2.id
          where sc2.enrolment_id = sc.enrolment_id and sc2.status <> 'drop-delete') desc, sc.id
      limit 1),
    changed as (
      update ba_attempt_results a set score = t.new_score, version = t.version, updated_at = now()
      from target t where a.student_course_id = t.student_course_id
      returning a.student_course_id, t.old_score, a.score, a.version, a.grading_schema_id,
        a.grading_schema_version)
    insert into grade_events (subject, student_id, course_id, enrolment_id, student_course_id,
      action, old_points, new_points, old_published, new_published, max_points,
      grading_schema_id, grading_schema_version, grade_version, reason)
    select 'course_result', e.user_id, o.course_id, sc.enrolment_id, c.student_course_id,
      'change', c.old_score, c.score, true, true, coalesce(gs.scale_max, c.score),
      c.grading_schema_id, c.grading_schema_version, c.version,
      'Grade-change request approved after verification.'
    from changed c
    join ba_student_courses sc on sc.id = c.student_course_id
    join ba_offerings o on o.id = sc.offering_id
    join enrolments e on e.id = sc.enrolment_id
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
