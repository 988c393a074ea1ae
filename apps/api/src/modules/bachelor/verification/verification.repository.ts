import { sql } from 'drizzle-orm';
import type { VerificationLevel } from '@lantern/contracts/bachelor';
import type { Db } from '@lantern/db/client';
import type { GradeSnapshot } from '@lantern/db/bachelor-grade-set';
import { intArray, rows } from '../../../lib/sql';

// The verification's SQL (verification.service.ts): terms, approvals, the names of changes.

export type ApprovalRow = {
  id: number;
  level: VerificationLevel;
  clc_id: number | null;
  hash: string;
  grades: number;
  snapshot: GradeSnapshot;
  approved_at: string | Date;
  stale_at: string | Date | null;
  approved_by_name: string | null;
};

/** The term of a programme by its year and season; locked when `lock`. */
export async function termRow(
  db: Db,
  programmeId: number,
  parsed: { year: number; season: string },
  lock: boolean,
) {
  const [term] = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from ba_terms
        where programme_id = ${programmeId} and year = ${parsed.year} and season = ${parsed.season}
        ${lock ? sql`for update` : sql``}`,
  );
  return term;
}

/** The last approval of every scope of a term (level, CLC). */
export function latestApprovalRows(db: Db, termId: number): Promise<ApprovalRow[]> {
  return rows<ApprovalRow>(
    db,
    sql`select distinct on (v.level, v.clc_id) v.id, v.level, v.clc_id, v.hash, v.grades,
          v.snapshot, v.approved_at, v.stale_at,
          nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as approved_by_name
        from ba_verifications v left join users u on u.jwl_id = v.approved_by
        where v.term_id = ${termId}
        order by v.level, v.clc_id, v.approved_at desc, v.id desc`,
  );
}

/** Stamps `stale_at` on the approvals not stamped yet; those stamped. */
export function stampStale(db: Db, ids: readonly number[]) {
  return rows<{ id: number; stale_at: string | Date }>(
    db,
    sql`update ba_verifications set stale_at = now()
          where id = any(${intArray(ids)}) and stale_at is null returning id, stale_at`,
  );
}

/** The student and course of each student course, for the list of changes. */
export function changeNames(db: Db, studentCourseIds: readonly number[]) {
  return rows<{
    id: number;
    student: string;
    course_code: string;
    clc_id: number | null;
  }>(
    db,
    sql`select sc.id, concat_ws(' ', u.first_name, u.last_name) as student, pc.code as course_code,
          e.clc_id
        from ba_student_courses sc
        join enrolments e on e.id = sc.enrolment_id
        join users u on u.jwl_id = e.user_id
        join ba_offerings o on o.id = sc.offering_id
        join programme_courses pc on pc.id = o.course_id
        where sc.id = any(${intArray(studentCourseIds)})`,
  );
}

export function clcNameRows(db: Db, clcIds: readonly number[]) {
  return rows<{ id: number; name: string }>(
    db,
    sql`select id, name from clcs where id = any(${intArray(clcIds)})`,
  );
}

export async function insertApproval(
  tx: Db,
  input: {
    termId: number;
    clcId: number | null;
    level: VerificationLevel;
    hash: string;
    grades: number;
    snapshot: GradeSnapshot;
    approvedBy: number;
  },
) {
  const [row] = await rows<{ id: number; approved_at: string | Date }>(
    tx,
    sql`insert into ba_verifications (term_id, clc_id, level, hash, grades, snapshot, approved_by)
          values (${input.termId}, ${input.clcId}, ${input.level}, ${input.hash}, ${input.grades},
            ${JSON.stringify(input.snapshot)}::jsonb, ${input.approvedBy})
          returning id, approved_at`,
  );
  return row;
}
