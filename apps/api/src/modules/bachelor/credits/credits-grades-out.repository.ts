import { sql } from 'drizzle-orm';
import type { ConversionRule } from '@lantern/contracts/bachelor-credits';
import type { Db } from '@lantern/db/client';
import { inScope, rows } from '../../../lib/sql';

export type Raw = {
  enrolment_id: number;
  user_id: number;
  name: string;
  code: string;
  title: string;
  credits: string;
  entry_ids: (string | number)[];
  grade: string | null;
  grade_schema_id: number | null;
  grade_schema: string | null;
  transferred_out: boolean;
};

export async function gradingSchemaName(db: Db, filter: { gradingSchemaId: number }) {
  const [target] = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from grading_schemas where id = ${filter.gradingSchemaId}`,
  );
  return target;
}

export async function courseOfProgramme(db: Db, filter: { courseId: number }, programmeId: number) {
  const [course] = await rows<{ id: number }>(
    db,
    sql`select id from programme_courses where id = ${filter.courseId} and programme_id = ${programmeId}`,
  );
  return course;
}

/** Each student's grade in force per course (one row per student and course with entries). */
export async function gradesOutRaw(
  db: Db,
  scope: number[] | null,
  programmeId: number,
  filter: { courseId?: number },
  limit?: number,
) {
  const courseFilter =
    filter.courseId === undefined ? sql`` : sql`and l.course_id = ${filter.courseId}`;
  return rows<Raw & { total: number }>(
    db,
    sql`with l as (
          select l.id, l.enrolment_id, l.course_id, l.kind, l.credits
          from ba_credit_ledger l join enrolments e on e.id = l.enrolment_id
          where e.programme_id = ${programmeId} and ${inScope(sql`e.clc_id`, scope)}
            and l.course_id is not null ${courseFilter}),
        r as (
          select l.*, max(l.id) filter (where l.kind = 'replaced')
            over (partition by l.enrolment_id, l.course_id) as last_replaced
          from l),
        f as (
          select r.enrolment_id, r.course_id, sum(r.credits) as credits,
            array_agg(r.id order by r.id) as entry_ids,
            max(r.id) filter (where r.kind in ('earned', 'transfer-in')
              and r.id > coalesce(r.last_replaced, 0)) as grade_entry
          from r group by r.enrolment_id, r.course_id)
        select f.enrolment_id, e.user_id, u.first_name || ' ' || u.last_name as name, pc.code,
          pc.title, f.credits, f.entry_ids,
          coalesce(ge.converted_grade, ge.source_grade) as grade,
          case when ge.converted_grade is not null then p.grading_schema_id
               else ge.source_schema_id end as grade_schema_id,
          gs.name as grade_schema,
          exists (select 1 from ba_transfers t where t.enrolment_id = f.enrolment_id
                  and t.direction = 'out' and t.state = 'approved') as transferred_out,
          count(*) over ()::int as total
        from f join enrolments e on e.id = f.enrolment_id
        join programmes p on p.id = e.programme_id
        join users u on u.jwl_id = e.user_id
        join programme_courses pc on pc.id = f.course_id
        left join ba_credit_ledger ge on ge.id = f.grade_entry
        left join grading_schemas gs on gs.id =
          (case when ge.converted_grade is not null then p.grading_schema_id else ge.source_schema_id end)
        order by u.last_name, u.first_name, f.enrolment_id, pc.position, pc.code
        ${limit === undefined ? sql`` : sql`limit ${limit}`}`,
  );
}

/** The newest conversion from each of the schemas to the target. */
export const newestConversionsTo = (db: Db, target: { id: number }, fromIds: readonly number[]) =>
  rows<{
    id: number;
    from_schema_id: number;
    version: number;
    rules: ConversionRule[];
  }>(
    db,
    sql`select distinct on (from_schema_id) id, from_schema_id, version, rules from grade_conversions
          where to_schema_id = ${target.id} and from_schema_id in (${sql.join(
            fromIds.map((i) => sql`${i}`),
            sql`, `,
          )})
          order by from_schema_id, version desc`,
  );

export const lastGradesOutBatch = (db: Db, programmeId: number) =>
  rows<{ id: number; rows: number; created_at: string | Date; created_by: string | null }>(
    db,
    sql`select b.id, b.rows, b.created_at, u.first_name || ' ' || u.last_name as created_by
          from ba_export_batches b left join users u on u.jwl_id = b.created_by
          where b.programme_id = ${programmeId} and b.purpose = 'grades-out'
          order by b.id desc limit 1`,
  );

export async function insertGradesOutBatch(
  db: Db,
  batch: { programmeId: number; fileId: string; rows: number; createdBy: number },
) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into ba_export_batches (programme_id, file_id, purpose, rows, created_by)
            values (${batch.programmeId}, ${batch.fileId}, 'grades-out', ${batch.rows}, ${batch.createdBy})
            returning id`,
  );
  return row;
}
