import { sql, type SQL } from 'drizzle-orm';
import { convert, rescale, type ConversionRule } from '@lantern/contracts/bachelor-credits';
import { syncCourseResults } from './bachelor-attempts';
import type { Db } from './client';

// Demo credits of the bachelor programme 512 (decision 0022, "As built: credits"): conversion
// tables, earned credit for the students with final results (written as the app's ledger writer
// leaves it: the finalise event, then the `earned` entry naming it), a retake, transfers in
// (internal and external; approved, proposed, rejected) and a transfer out. Works on whatever
// enrolments programme 512 has; does nothing without it.

async function all<T>(tx: Db, query: SQL): Promise<T[]> {
  const result: unknown = await tx.execute(query);
  return (result as { rows: T[] }).rows;
}

const PERCENT_TO_FOUR_V1: ConversionRule[] = [
  { min: 85, grade: 4, label: 'A' },
  { min: 70, grade: 3, label: 'B' },
  { min: 60, grade: 2, label: 'C' },
  { min: 0, grade: 0, label: 'F' },
];
const PERCENT_TO_FOUR_V2: ConversionRule[] = [
  { min: 90, grade: 4, label: 'A' },
  { min: 80, grade: 3.5, label: 'A-' },
  { min: 70, grade: 3, label: 'B' },
  { min: 60, grade: 2, label: 'C' },
  { min: 0, grade: 0, label: 'F' },
];
const FOUR_TO_PERCENT: ConversionRule[] = [
  { min: 3.5, grade: 92, label: 'Distinction' },
  { min: 2.5, grade: 77, label: 'Merit' },
  { min: 2, grade: 64, label: 'Pass' },
  { min: 0, grade: 40, label: 'Fail' },
];

export async function seedBachelorCredits(
  tx: Db,
): Promise<{ creditEntries: number; transfers: number }> {
  const [programme] = await all<{ id: number; schema_id: number; pass_mark: string }>(
    tx,
    sql`select p.id, p.grading_schema_id as schema_id, gs.pass_mark from programmes p
        join grading_schemas gs on gs.id = p.grading_schema_id
        where p.type = 'bachelor' and p.code = '512'`,
  );
  const [percent] = await all<{ id: number; version: number }>(
    tx,
    sql`select id, version from grading_schemas where name ilike 'percentage%' order by id limit 1`,
  );
  if (!programme || !percent) return { creditEntries: 0, transfers: 0 };
  const four = programme.schema_id;
  const passMark = Number(programme.pass_mark);
  const [approver] = await all<{ jwl_id: number }>(
    tx,
    sql`select jwl_id from users where username = 'academic_manager'`,
  );
  const by = approver?.jwl_id ?? null;
  // Transfers in are proposed by the admin and decided by the academic manager: approval is
  // another person's step.
  const [proposer] = await all<{ jwl_id: number }>(
    tx,
    sql`select jwl_id from users where username = 'admin'`,
  );
  const proposedBy = proposer?.jwl_id ?? null;

  const conversions = await all<{ id: number; from_schema_id: number; version: number }>(
    tx,
    sql`insert into grade_conversions (from_schema_id, to_schema_id, version, rules, created_by)
        values (${percent.id}, ${four}, 1, ${JSON.stringify(PERCENT_TO_FOUR_V1)}::jsonb, ${by}),
               (${percent.id}, ${four}, 2, ${JSON.stringify(PERCENT_TO_FOUR_V2)}::jsonb, ${by}),
               (${four}, ${percent.id}, 1, ${JSON.stringify(FOUR_TO_PERCENT)}::jsonb, ${by})
        returning id, from_schema_id, version`,
  );
  const toFour = conversions.find((c) => c.from_schema_id === percent.id && c.version === 2);
  if (!toFour) return { creditEntries: 0, transfers: 0 };

  const courses = await all<{ id: number; code: string; units: number }>(
    tx,
    sql`select id, code, units from programme_courses where programme_id = ${programme.id}
        order by position, code`,
  );
  const students = await all<{ id: number; user_id: number }>(
    tx,
    sql`select id, user_id from enrolments where programme_id = ${programme.id} and state = 'active'
        order by id`,
  );
  const [c1, c2, c3] = courses;
  if (!c1 || !c2 || !c3 || students.length < 4) return { creditEntries: 0, transfers: 0 };

  // Final results of the first term's attempts: LIB110 for ten students, LIB120 for five, each
  // entered then made final (an event each, naming the attempt) and earning its credit.
  const [first, second] = await all<{ id: number }>(
    tx,
    sql`select id from ba_terms where programme_id = ${programme.id} order by start_date, id limit 2`,
  );
  const results = students.flatMap((s, i) => [
    ...(i < 10 ? [{ e: s.id, c: c1.id, score: 1.5 + ((i * 7) % 26) / 10 }] : []),
    ...(i < 5 ? [{ e: s.id, c: c2.id, score: 2 + ((i * 3) % 21) / 10 }] : []),
  ]);
  if (first)
    await gradeAttempts(tx, first.id, results, four, 'The first term’s results are final.');

  // A retake: the first student who failed LIB110 in the first term retook it in the next one
  // and passed with 3. The failed attempt is marked retaken (its credit, none, taken back).
  const [failed] = await all<{ id: number; enrolment_id: number; score: string }>(
    tx,
    sql`select sc.id, sc.enrolment_id, a.score from ba_student_courses sc
        join ba_offerings o on o.id = sc.offering_id and o.kind = 'course'
        join ba_attempt_results a on a.student_course_id = sc.id
        where o.term_id = ${first?.id ?? 0} and o.course_id = ${c1.id} and a.is_final
          and a.score < ${passMark}
        order by sc.enrolment_id limit 1`,
  );
  await earnFinalised(tx, by);
  if (failed && second) {
    await tx.execute(sql`update ba_student_courses set status = 'retaken',
        reason = 'Retaken in the following term.' where id = ${failed.id}`);
    await tx.execute(sql`
      insert into ba_credit_ledger (enrolment_id, kind, course_id, credits, replaces_entry_id,
        source_grade, approved_by)
      select ${failed.enrolment_id}, 'replaced', ${c1.id}, 0, max(l.id), ${failed.score}, ${by}
      from ba_credit_ledger l where l.enrolment_id = ${failed.enrolment_id}
        and l.course_id = ${c1.id} and l.kind = 'earned'`);
    await tx.execute(sql`update ba_student_courses set status = 'active', reason = null
        where enrolment_id = ${failed.enrolment_id} and offering_id =
          (select id from ba_offerings where term_id = ${second.id} and course_id = ${c1.id}
             and kind = 'course')`);
    await gradeAttempts(
      tx,
      second.id,
      [{ e: failed.enrolment_id, c: c1.id, score: 3 }],
      four,
      'Retaken in the following term.',
    );
    await earnFinalised(tx, by);
  }
  await syncCourseResults(
    tx,
    students.map((s) => s.id),
  );

  // Transfers in. Internal: a student's final result in another programme (the demo student
  // finished 214 on the percentage scale); external: other institutions' courses.
  let transfers = 0;
  const internalSources = await all<{
    bachelor_enrolment: number;
    source_enrolment: number;
    course_id: number;
    score: string;
    schema_id: number | null;
    schema_version: number | null;
  }>(
    tx,
    sql`select b.id as bachelor_enrolment, o.id as source_enrolment, r.course_id, r.score,
          r.grading_schema_id as schema_id, r.grading_schema_version as schema_version
        from enrolments b join enrolments o on o.user_id = b.user_id and o.programme_id <> b.programme_id
        join course_results r on r.enrolment_id = o.id and r.is_final
        where b.programme_id = ${programme.id} and r.grading_schema_id = ${percent.id}
        order by b.id, r.course_id limit 2`,
  );
  const propose = async (t: {
    enrolment: number;
    kind: 'internal' | 'external';
    course: number;
    sourceEnrolment?: number;
    sourceCourse?: number;
    institution?: string;
    title?: string;
    grade: number;
    schemaId: number | null;
    schemaVersion: number | null;
    scaleMax?: number;
    credits: number;
    state: 'proposed' | 'approved' | 'rejected';
    reason?: string;
  }) => {
    const viaTable = t.schemaId === percent.id;
    const converted = viaTable
      ? (convert(t.grade, { rules: PERCENT_TO_FOUR_V2 })?.grade ?? null)
      : t.scaleMax
        ? rescale(t.grade, t.scaleMax, 4)
        : t.grade;
    const conversionId = viaTable ? toFour.id : null;
    const decided = t.state !== 'proposed';
    const [row] = await all<{ id: number }>(
      tx,
      sql`insert into ba_transfers (enrolment_id, direction, kind, course_id, source_enrolment_id,
            source_course_id, institution, source_course_title, source_grade, source_schema_id,
            source_schema_version, source_scale_max, credits, conversion_id, converted_grade, state,
            reason, proposed_by, decided_by, decided_at, version)
          values (${t.enrolment}, 'in', ${t.kind}, ${t.course}, ${t.sourceEnrolment ?? null},
            ${t.sourceCourse ?? null}, ${t.institution ?? null}, ${t.title ?? null}, ${t.grade},
            ${t.schemaId}, ${t.schemaVersion}, ${t.scaleMax ?? null}, ${t.credits}, ${conversionId},
            ${converted}, ${t.state}, ${t.reason ?? null}, ${proposedBy}, ${decided ? by : null},
            ${decided ? sql`now()` : null}, ${decided ? 2 : 1})
          returning id`,
    );
    transfers += 1;
    if (row && t.state === 'approved')
      await tx.execute(sql`
        insert into ba_credit_ledger (enrolment_id, kind, course_id, credits, transfer_id,
          source_grade, source_schema_id, source_schema_version, converted_grade, conversion_id,
          approved_by)
        values (${t.enrolment}, 'transfer-in', ${t.course}, ${t.credits}, ${row.id}, ${t.grade},
          ${t.schemaId}, ${t.schemaVersion}, ${converted}, ${conversionId}, ${by})`);
  };
  const [firstSource, secondSource] = internalSources;
  if (firstSource)
    await propose({
      enrolment: firstSource.bachelor_enrolment,
      kind: 'internal',
      course: c3.id,
      sourceEnrolment: firstSource.source_enrolment,
      sourceCourse: firstSource.course_id,
      grade: Number(firstSource.score),
      schemaId: firstSource.schema_id,
      schemaVersion: firstSource.schema_version,
      credits: c3.units,
      state: 'approved',
    });
  if (secondSource)
    await propose({
      enrolment: secondSource.bachelor_enrolment,
      kind: 'internal',
      course: c2.id,
      sourceEnrolment: secondSource.source_enrolment,
      sourceCourse: secondSource.course_id,
      grade: Number(secondSource.score),
      schemaId: secondSource.schema_id,
      schemaVersion: secondSource.schema_version,
      credits: c2.units,
      state: 'proposed',
    });
  const later = students.slice(10);
  const [s11, s12, s13] = later.length >= 3 ? later : students.slice(-3);
  if (s11)
    await propose({
      enrolment: s11.id,
      kind: 'external',
      course: c1.id,
      institution: 'Open University',
      title: 'Academic English',
      grade: 78,
      schemaId: percent.id,
      schemaVersion: percent.version,
      credits: c1.units,
      state: 'approved',
    });
  if (s12)
    await propose({
      enrolment: s12.id,
      kind: 'external',
      course: c2.id,
      institution: 'Kenyatta University',
      title: 'Philosophy I',
      grade: 3.1,
      schemaId: null,
      schemaVersion: null,
      scaleMax: 5,
      credits: c2.units,
      state: 'proposed',
    });
  if (s13)
    await propose({
      enrolment: s13.id,
      kind: 'external',
      course: c3.id,
      institution: 'An online course provider',
      title: 'Data basics',
      grade: 95,
      schemaId: percent.id,
      schemaVersion: percent.version,
      credits: c3.units,
      state: 'rejected',
      reason: 'Not from an accredited institution.',
    });

  // A transfer out: the tenth student left for the certifying university with what they hold.
  const leaving = students[9] ?? students.at(-1);
  if (leaving) {
    const [sum] = await all<{ total: string | null }>(
      tx,
      sql`select sum(credits) as total from ba_credit_ledger where enrolment_id = ${leaving.id}`,
    );
    const total = Number(sum?.total ?? 0);
    const [out] = await all<{ id: number }>(
      tx,
      sql`insert into ba_transfers (enrolment_id, direction, kind, credits, state, reason,
            proposed_by, decided_by, decided_at)
          values (${leaving.id}, 'out', 'external', ${total}, 'approved',
            'Continues the degree at the certifying university.', ${by}, ${by}, now())
          returning id`,
    );
    transfers += 1;
    if (out)
      await tx.execute(sql`
        insert into ba_credit_ledger (enrolment_id, kind, credits, transfer_id, approved_by)
        values (${leaving.id}, 'transfer-out', ${-total}, ${out.id}, ${by})`);
  }
  const [count] = await all<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ba_credit_ledger l join enrolments e on e.id = l.enrolment_id
        where e.programme_id = ${programme.id}`,
  );
  return { creditEntries: count?.n ?? 0, transfers };
}

/**
 * The demo's attempt results of one term, entered and made final the way the app's ledger
 * writer leaves them: the attempt's result, a `save` then a `finalise` event naming the attempt,
 * versions going on from the course's last event. Attempts that have a result keep it.
 */
export async function gradeAttempts(
  tx: Db,
  termId: number,
  /** The student (enrolment), the course, the score; `k`: the offering's kind (course). */
  results: readonly { e: number; c: number; score: number; k?: 'course' | 'internship' }[],
  schemaId: number,
  reason: string,
): Promise<void> {
  if (results.length === 0) return;
  const values = sql.join(
    results.map(
      (r) =>
        sql`(${r.e}::int, ${r.c}::int, ${Math.round(r.score * 100) / 100}::numeric, ${r.k ?? 'course'}::offering_kind)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    with made as (
      insert into ba_attempt_results (student_course_id, score, source, is_final,
        grading_schema_id, grading_schema_version, version)
      select distinct on (sc.id) sc.id, x.s, 'entered', true, gs.id, gs.version,
        coalesce((select max(ev.grade_version) from grade_events ev
                  where ev.subject = 'course_result' and ev.enrolment_id = x.e
                    and ev.course_id = x.c), 0) + 2
      from (values ${values}) as x(e, c, s, k)
      join ba_offerings o on o.term_id = ${termId} and o.course_id = x.c and o.kind = x.k
      join ba_student_courses sc on sc.offering_id = o.id and sc.enrolment_id = x.e
        and sc.status <> 'drop-delete'
      join grading_schemas gs on gs.id = ${schemaId}
      on conflict (student_course_id) do nothing
      returning student_course_id, score, grading_schema_id, grading_schema_version, version)
    insert into grade_events (subject, student_id, course_id, enrolment_id, student_course_id,
      action, old_points, new_points, old_published, new_published, max_points,
      grading_schema_id, grading_schema_version, grade_version, reason)
    select 'course_result', e.user_id, o.course_id, sc.enrolment_id, m.student_course_id,
      s.action::grade_event_action, case when s.v = 1 then null else m.score end, m.score,
      case when s.v = 1 then null else false end, s.v = 2, gs.scale_max, m.grading_schema_id,
      m.grading_schema_version, m.version - 2 + s.v, case when s.v = 2 then ${reason} end
    from made m
    join ba_student_courses sc on sc.id = m.student_course_id
    join ba_offerings o on o.id = sc.offering_id
    join enrolments e on e.id = sc.enrolment_id
    join grading_schemas gs on gs.id = m.grading_schema_id
    cross join (values ('save', 1), ('finalise', 2)) as s(action, v)
    -- The attempt in force (a course offering before an internship) last, as its credit counts.
    order by sc.enrolment_id, o.course_id, o.kind = 'course', sc.id, s.v`);
}

/**
 * The `earned` entries of every bachelor `finalise` event (and `change` of a latest attempt)
 * that has none yet, as the app's
 * ledger writer appends them (credits/credits.ledger.ts): in event order, per course the
 * difference between what the new final grade earns and what the student holds, naming the
 * entry it follows. One round per attempt, so a later attempt builds on the earlier one.
 */
export async function earnFinalised(tx: Db, approvedBy: number | null = null): Promise<number> {
  let made = 0;
  for (;;) {
    const round = await all<{ id: number }>(
      tx,
      sql`insert into ba_credit_ledger (enrolment_id, kind, course_id, credits, grade_event_id,
            replaces_entry_id, source_grade, source_schema_id, source_schema_version, approved_by)
          select * from (
            select distinct on (ev.enrolment_id, ev.course_id) ev.enrolment_id,
              'earned'::credit_entry_kind, ev.course_id,
              (case when ev.new_points >= gs.pass_mark then pc.units else 0 end)
                - coalesce((select sum(l.credits) from ba_credit_ledger l
                    where l.enrolment_id = ev.enrolment_id and l.course_id = ev.course_id
                      and l.kind in ('earned', 'replaced')), 0),
              ev.id,
              (select max(l.id) from ba_credit_ledger l where l.enrolment_id = ev.enrolment_id
                 and l.course_id = ev.course_id and l.kind = 'earned'),
              ev.new_points, ev.grading_schema_id, ev.grading_schema_version, ${approvedBy}::int
            from grade_events ev
            join programme_courses pc on pc.id = ev.course_id
            join enrolments e on e.id = ev.enrolment_id
            join programmes p on p.id = e.programme_id and p.type = 'bachelor'
            join grading_schemas gs on gs.id = p.grading_schema_id
            where ev.subject = 'course_result'
              -- A change of a final result counts when no later attempt has a result.
              and (ev.action = 'finalise' or (ev.action = 'change' and not exists (
                select 1 from ba_student_courses sc
                join ba_offerings o on o.id = sc.offering_id
                join ba_terms t on t.id = o.term_id
                join ba_student_courses later on later.enrolment_id = sc.enrolment_id
                  and later.status <> 'drop-delete'
                join ba_offerings lo on lo.id = later.offering_id and lo.course_id = o.course_id
                join ba_terms lt on lt.id = lo.term_id and lt.start_date > t.start_date
                join ba_attempt_results la on la.student_course_id = later.id
                where sc.id = ev.student_course_id)))
              and not exists (select 1 from ba_credit_ledger l where l.grade_event_id = ev.id)
            order by ev.enrolment_id, ev.course_id, ev.id) x
          returning id`,
    );
    if (round.length === 0) return made;
    made += round.length;
  }
}

/** The earned entries of final results the seeds before this one made (the verification's). */
export async function seedEarnedForFinalResults(tx: Db): Promise<number> {
  return earnFinalised(tx);
}
