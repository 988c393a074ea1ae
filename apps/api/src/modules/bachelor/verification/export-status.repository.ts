import { sql, type SQL } from 'drizzle-orm';
import type { ExportStatus } from '@lantern/contracts/bachelor';
import type { ExportStatusFilter } from '@lantern/contracts/bachelor-verification';
import type { Db } from '@lantern/db/client';
import { containsPattern, intArray, rows } from '../../../lib/sql';

// The export statuses' SQL (export-status.service.ts): students with what they passed, the
// status moves, the graduates' batches and their files.

export type Row = {
  enrolment_id: number;
  jwl_id: number;
  first_name: string;
  last_name: string;
  clc_name: string | null;
  status: ExportStatus | null;
  batch_id: number | null;
  version: number | null;
  updated_at: string | Date | null;
  passed: number;
  courses: number;
};

function studentsQuery(programmeId: number, where: SQL[], tail: SQL): SQL {
  return sql`with pm as (
      select coalesce(max(gs.pass_mark), 0) as pass_mark
      from programmes p left join grading_schemas gs on gs.id = p.grading_schema_id
      where p.id = ${programmeId}),
    n as (select count(*)::int as courses from programme_courses where programme_id = ${programmeId})
    select * from (
      select e.id as enrolment_id, u.jwl_id, u.first_name, u.last_name, c.name as clc_name,
        s.status::text as status, s.batch_id, s.version, s.updated_at, e.clc_id,
        (select count(*)::int from course_results r
           join programme_courses pc on pc.id = r.course_id and pc.programme_id = e.programme_id
           where r.enrolment_id = e.id and r.is_final and r.score >= (select pass_mark from pm)
        ) as passed,
        (select courses from n) as courses
      from enrolments e
      join users u on u.jwl_id = e.user_id
      left join clcs c on c.id = e.clc_id
      left join ba_export_statuses s on s.enrolment_id = e.id
      where e.programme_id = ${programmeId}
        and (e.state in ('active', 'completed') or s.enrolment_id is not null)
    ) x
    where ${sql.join(where, sql` and `)}
    ${tail}`;
}

const eligible = sql`(x.courses > 0 and x.passed = x.courses)`;

function reachWhere(reach: number[] | null): SQL[] {
  return reach === null ? [sql`true`] : [sql`x.clc_id = any(${intArray(reach)})`];
}

/** A page of the programme's students in the scope, filtered, and the count of all. */
export async function exportStudentPage(
  db: Db,
  scope: number[] | null,
  programmeId: number,
  query: {
    status?: ExportStatusFilter;
    eligible?: boolean;
    q?: string;
    page: number;
    limit: number;
  },
) {
  const where = reachWhere(scope);
  if (query.status === 'none') where.push(sql`x.status is null`);
  else if (query.status) where.push(sql`x.status = ${query.status}`);
  if (query.eligible === true) where.push(eligible);
  if (query.eligible === false) where.push(sql`not ${eligible}`);
  if (query.q) {
    const like = containsPattern(query.q);
    where.push(
      sql`(concat_ws(' ', x.first_name, x.last_name) ilike ${like} or x.jwl_id::text = ${query.q})`,
    );
  }
  const offset = (query.page - 1) * query.limit;
  const [items, total] = await Promise.all([
    rows<Row>(
      db,
      studentsQuery(
        programmeId,
        where,
        sql`order by x.last_name, x.first_name, x.jwl_id limit ${query.limit} offset ${offset}`,
      ),
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (${studentsQuery(programmeId, where, sql``)}) y`,
    ),
  ]);
  return { items, total: total[0]?.n ?? 0 };
}

/** The chosen students (ids once each) of the programme in the scope, locked, by enrolment. */
export async function lockedStudents(
  tx: Db,
  scope: number[] | null,
  programmeId: number,
  unique: readonly number[],
) {
  await tx.execute(
    sql`select 1 from enrolments where id = any(${intArray(unique)}) order by id for update`,
  );
  return rows<Row>(
    tx,
    studentsQuery(
      programmeId,
      [...reachWhere(scope), sql`x.enrolment_id = any(${intArray(unique)})`],
      sql`order by x.enrolment_id`,
    ),
  );
}

export async function insertCompleted(tx: Db, enrolmentIds: readonly number[], changedBy: number) {
  await tx.execute(
    sql`insert into ba_export_statuses (enrolment_id, status, changed_by)
          select unnest(${intArray(enrolmentIds)}), 'completed', ${changedBy}`,
  );
}

export async function setGraduated(tx: Db, enrolmentIds: readonly number[], changedBy: number) {
  await tx.execute(
    sql`update ba_export_statuses set status = 'graduated', changed_by = ${changedBy},
            version = version + 1, updated_at = now()
          where enrolment_id = any(${intArray(enrolmentIds)})`,
  );
}

export const programmeCourseRows = (tx: Db, programmeId: number) =>
  rows<{ id: number; code: string; units: number }>(
    tx,
    sql`select id, code, units from programme_courses where programme_id = ${programmeId}
        order by position, code`,
  );

export type GradeRow = { enrolment_id: number; code: string; score: string | number | null };

/** The students' final grades in the programme's courses. */
export const finalGradeRows = (tx: Db, programmeId: number, enrolmentIds: readonly number[]) =>
  rows<GradeRow>(
    tx,
    sql`select r.enrolment_id, pc.code, r.score from course_results r
        join programme_courses pc on pc.id = r.course_id and pc.programme_id = ${programmeId}
        where r.enrolment_id = any(${intArray(enrolmentIds)}) and r.is_final`,
  );

/** The completed students of the programme in the scope: those waiting for export. */
export const completedStudents = (tx: Db, scope: number[] | null, programmeId: number) =>
  rows<Row>(
    tx,
    studentsQuery(programmeId, [...reachWhere(scope), sql`x.status = 'completed'`], sql``),
  );

export async function insertGraduatesBatch(
  tx: Db,
  batch: { programmeId: number; fileId: string; rows: number; createdBy: number },
) {
  const [row] = await rows<{ id: number; created_at: string | Date }>(
    tx,
    sql`insert into ba_export_batches (programme_id, file_id, purpose, rows, created_by)
            values (${batch.programmeId}, ${batch.fileId}, 'graduates', ${batch.rows}, ${batch.createdBy})
            returning id, created_at`,
  );
  return row;
}

export async function setExported(
  tx: Db,
  batchId: number,
  enrolmentIds: readonly number[],
  changedBy: number,
) {
  await tx.execute(
    sql`update ba_export_statuses set status = 'completed-exported', batch_id = ${batchId},
              changed_by = ${changedBy}, version = version + 1, updated_at = now()
            where enrolment_id = any(${intArray(enrolmentIds)})`,
  );
}

export type BatchRow = {
  id: number;
  rows: number;
  mime: string | null;
  storage_key: string | null;
  created_by: string | null;
  created_at: string | Date;
};

/** The programme's last 100 graduates batches, newest first. */
export const batchRows = (db: Db, programmeId: number) =>
  rows<BatchRow>(
    db,
    sql`select b.id, b.rows, f.mime, f.storage_key, b.created_at,
          nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as created_by
        from ba_export_batches b
        left join files f on f.id = b.file_id
        left join users u on u.jwl_id = b.created_by
        where b.programme_id = ${programmeId} and b.purpose = 'graduates'
        order by b.created_at desc, b.id desc limit 100`,
  );

export async function batchRow(db: Db, programmeId: number, batchId: number) {
  const [row] = await rows<BatchRow>(
    db,
    sql`select b.id, b.rows, f.mime, f.storage_key, b.created_at, null as created_by
        from ba_export_batches b join files f on f.id = b.file_id
        where b.id = ${batchId} and b.programme_id = ${programmeId} and b.purpose = 'graduates'`,
  );
  return row;
}
