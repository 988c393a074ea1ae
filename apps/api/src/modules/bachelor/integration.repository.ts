import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  integrationResultQuerySchema,
  integrationStudentQuerySchema,
} from '@lantern/contracts/bachelor-integration';
import type { CourseStatus, ExportStatus, TermSeason } from '@lantern/contracts/bachelor';
import type { EnrolmentState } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import { programmeInReach } from '../../lib/programme-reach';
import { inScope, intArray, rows } from '../../lib/sql';

// What BA_API reads and writes (integration.service.ts), in the caller's CLC scope.

/** The students of a programme an integration sees: admitted ones (not applicants). */
const STUDENT_STATES = sql`e.state in ('active', 'withdrawn', 'completed', 'failed')`;

export function programmeRows(db: Db, scope: number[] | null) {
  return rows<{
    id: number;
    code: string;
    title: string;
    status: string;
    certifying_university: string | null;
    students: number;
  }>(
    db,
    sql`select p.id, p.code, p.title, p.status::text as status, p.certifying_university,
          (select count(*)::int from enrolments e where e.programme_id = p.id and ${STUDENT_STATES}
             and ${inScope(sql`e.clc_id`, scope)}) as students
        from programmes p
        where p.type = 'bachelor' and ${programmeInReach(sql`p.id`, scope)}
        order by p.code, p.id`,
  );
}

export function studentRows(
  db: Db,
  scope: number[] | null,
  programmeId: number,
  query: z.output<typeof integrationStudentQuerySchema>,
) {
  return rows<{
    enrolment_id: number;
    jwl_id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    clc: string | null;
    cohort: string | null;
    state: EnrolmentState;
    export_status: ExportStatus | null;
    credits: string | number | null;
  }>(
    db,
    sql`select e.id as enrolment_id, u.jwl_id, u.first_name, u.last_name, u.email, k.code as clc,
          (select c.code from ba_cohort_members m join ba_cohorts c on c.id = m.cohort_id
            where m.enrolment_id = e.id limit 1) as cohort,
          e.state::text as state, x.status::text as export_status,
          (select coalesce(sum(l.credits), 0) from ba_credit_ledger l where l.enrolment_id = e.id) as credits
        from enrolments e join users u on u.jwl_id = e.user_id
        left join clcs k on k.id = e.clc_id
        left join ba_export_statuses x on x.enrolment_id = e.id
        where e.programme_id = ${programmeId} and ${STUDENT_STATES}
          and ${inScope(sql`e.clc_id`, scope)} and e.id > ${query.after}
          ${query.exportStatus ? sql`and x.status = ${query.exportStatus}` : sql``}
        order by e.id limit ${query.limit + 1}`,
  );
}

export function termRows(db: Db, scope: number[] | null, programmeId: number) {
  return rows<{
    year: number;
    season: TermSeason;
    name: string;
    start_date: string;
    weeks: number;
    offerings: number;
    students: number;
  }>(
    db,
    sql`select t.year, t.season::text as season, t.name, t.start_date::text as start_date, t.weeks,
          (select count(*)::int from ba_offerings o where o.term_id = t.id) as offerings,
          (select count(distinct sc.enrolment_id)::int from ba_offerings o
            join ba_student_courses sc on sc.offering_id = o.id
            join enrolments e on e.id = sc.enrolment_id
            where o.term_id = t.id and ${inScope(sql`e.clc_id`, scope)}) as students
        from ba_terms t where t.programme_id = ${programmeId}
        order by t.start_date`,
  );
}

export async function termId(db: Db, programmeId: number, term: { year: number; season: string }) {
  const [found] = await rows<{ id: number }>(
    db,
    sql`select id from ba_terms where programme_id = ${programmeId} and year = ${term.year}
        and season = ${term.season}`,
  );
  return found;
}

export function resultRows(
  db: Db,
  scope: number[] | null,
  termId: number,
  query: z.output<typeof integrationResultQuerySchema>,
) {
  return rows<{
    id: number;
    jwl_id: number;
    enrolment_id: number;
    course_code: string | null;
    course_title: string;
    status: CourseStatus;
    score: string | number | null;
    final: boolean | null;
  }>(
    db,
    sql`select sc.id, e.user_id as jwl_id, e.id as enrolment_id, pc.code as course_code,
          coalesce(pc.title, o.title, 'Internship') as course_title, sc.status::text as status,
          r.score, r.is_final as final
        from ba_student_courses sc
        join ba_offerings o on o.id = sc.offering_id
        join enrolments e on e.id = sc.enrolment_id
        left join programme_courses pc on pc.id = o.course_id
        left join ba_attempt_results r on r.student_course_id = sc.id
        where o.term_id = ${termId} and sc.id > ${query.after}
          and ${inScope(sql`e.clc_id`, scope)}
          ${query.finalOnly ? sql`and r.is_final` : sql``}
        order by sc.id limit ${query.limit + 1}`,
  );
}

/** The programme's students of these JWL-IDs in the scope, locked, with their export status. */
export function graduatingRows(
  tx: Db,
  scope: number[] | null,
  programmeId: number,
  ids: readonly number[],
) {
  return rows<{
    jwl_id: number;
    enrolment_id: number;
    status: ExportStatus | null;
  }>(
    tx,
    sql`select e.user_id as jwl_id, e.id as enrolment_id, x.status::text as status
          from enrolments e left join ba_export_statuses x on x.enrolment_id = e.id
          where e.programme_id = ${programmeId} and e.user_id = any(${intArray(ids)})
            and ${inScope(sql`e.clc_id`, scope)}
          for update of e`,
  );
}

export async function markExportsGraduated(
  tx: Db,
  enrolmentIds: readonly number[],
  changedBy: number,
) {
  await tx.execute(
    sql`update ba_export_statuses set status = 'graduated', changed_by = ${changedBy},
              version = version + 1, updated_at = now()
            where enrolment_id = any(${intArray(enrolmentIds)})`,
  );
}
