import { sql } from 'drizzle-orm';
import type { CreditEntryKind } from '@lantern/contracts/bachelor';
import type { Db } from '@lantern/db/client';
import { intArray, jsonParam, rows } from '../../../lib/sql';

/** A ledger entry as inserted: one row of the set-based insert, in order `n`. */
export type CreditEntryValues = {
  n: number;
  enrolment_id: number;
  kind: CreditEntryKind;
  course_id: number | null;
  credits: number;
  grade_event_id: number | null;
  transfer_id: number | null;
  replaces_entry_id: number | null;
  source_grade: number | null;
  source_schema_id: number | null;
  source_schema_version: number | null;
  converted_grade: number | null;
  conversion_id: number | null;
  approved_by: number | null;
};

/** Inserts the entries in one statement, in their order; their ids. */
export const insertLedgerEntries = (tx: Db, values: readonly CreditEntryValues[]) =>
  rows<{ id: number | string }>(
    tx,
    sql`insert into ba_credit_ledger (enrolment_id, kind, course_id, credits, grade_event_id,
          transfer_id, replaces_entry_id, source_grade, source_schema_id, source_schema_version,
          converted_grade, conversion_id, approved_by)
        select x.enrolment_id, x.kind, x.course_id, x.credits, x.grade_event_id, x.transfer_id,
          x.replaces_entry_id, x.source_grade, x.source_schema_id, x.source_schema_version,
          x.converted_grade, x.conversion_id, x.approved_by
        from jsonb_to_recordset(${jsonParam(values)}::jsonb) as x(enrolment_id int,
          kind credit_entry_kind, course_id int, credits numeric, grade_event_id bigint,
          transfer_id int, replaces_entry_id bigint, source_grade numeric, source_schema_id int,
          source_schema_version int, converted_grade numeric, conversion_id int, approved_by int,
          n int)
        order by x.n
        returning id`,
  );

/** What a course stands at in a student's ledger: Σ earned and replaced, and the entry in force. */
export type Standing = {
  enrolment_id: number;
  course_id: number;
  credits: string | number;
  /** The latest earned entry after the last `replaced` (the one a correction or retake names). */
  current_id: string | number | null;
  current_grade: string | number | null;
};

/** The standings of (enrolment, course) pairs, in one statement. */
export const standingRows = (
  tx: Db,
  pairs: readonly { enrolmentId: number; courseId: number }[],
) => {
  const wanted = jsonParam(pairs.map((p) => ({ e: p.enrolmentId, c: p.courseId })));
  return rows<Standing>(
    tx,
    sql`with w as (select distinct x.e, x.c from jsonb_to_recordset(${wanted}::jsonb) as x(e int, c int)),
        l as (select l.* from ba_credit_ledger l join w on l.enrolment_id = w.e and l.course_id = w.c
              where l.kind in ('earned', 'replaced')),
        last_replaced as (select enrolment_id, course_id, max(id) as id from l
              where kind = 'replaced' group by enrolment_id, course_id)
        select l.enrolment_id, l.course_id, sum(l.credits) as credits,
          (array_agg(l.id order by l.id desc) filter (where l.kind = 'earned'
             and l.id > coalesce(r.id, 0)))[1] as current_id,
          (array_agg(l.source_grade order by l.id desc) filter (where l.kind = 'earned'
             and l.id > coalesce(r.id, 0)))[1] as current_grade
        from l left join last_replaced r using (enrolment_id, course_id)
        group by l.enrolment_id, l.course_id`,
  );
};

/** Of the (enrolment, course) pairs, the bachelor ones: the course's units and the programme's schema. */
export const bachelorCourseRows = (tx: Db, pairs: readonly { e: number; c: number }[]) => {
  const wanted = jsonParam(pairs);
  return rows<{
    enrolment_id: number;
    course_id: number;
    units: number;
    pass_mark: string | number | null;
    schema_id: number | null;
  }>(
    tx,
    sql`select x.e as enrolment_id, x.c as course_id, pc.units,
          gs.pass_mark, gs.id as schema_id
        from jsonb_to_recordset(${wanted}::jsonb) as x(e int, c int)
        join enrolments en on en.id = x.e
        join programmes p on p.id = en.programme_id and p.type = 'bachelor'
        join programme_courses pc on pc.id = x.c
        left join grading_schemas gs on gs.id = p.grading_schema_id`,
  );
};

/** The pass mark of each version of the schemas. */
export const schemaVersionPassMarks = (
  tx: Db,
  final: readonly { grading_schema_id: number | null }[],
) =>
  rows<{ id: number; version: number; pass_mark: string | number }>(
    tx,
    sql`select grading_schema_id as id, version, pass_mark from grading_schema_versions
        where grading_schema_id = any(${intArray([...new Set(final.map((e) => e.grading_schema_id ?? 0))])})`,
  );

/** Σ credits of a student's entries. */
export async function ledgerSum(db: Db, enrolmentId: number) {
  const [row] = await rows<{ total: string | number | null }>(
    db,
    sql`select sum(credits) as total from ba_credit_ledger where enrolment_id = ${enrolmentId}`,
  );
  return Number(row?.total ?? 0);
}
