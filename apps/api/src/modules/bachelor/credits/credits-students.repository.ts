import { sql } from 'drizzle-orm';
import type { StudentCredits } from '@lantern/contracts/bachelor-credits';
import type { Db } from '@lantern/db/client';
import { containsPattern, inScope, rows } from '../../../lib/sql';
import { NAME } from './credits-conversions.repository';

/** The enrolment of this programme, if its CLC is in the scope. */
export async function enrolmentRow(
  db: Db,
  scope: number[] | null,
  programmeId: number,
  enrolmentId: number,
) {
  const [row] = await rows<{ id: number; user_id: number; name: string; clc_id: number | null }>(
    db,
    sql`select e.id, e.user_id, ${NAME('u')} as name, e.clc_id from enrolments e
        join users u on u.jwl_id = e.user_id
        where e.id = ${enrolmentId} and e.programme_id = ${programmeId}
          and ${inScope(sql`e.clc_id`, scope)}`,
  );
  return row;
}

export type LedgerEntryRow = {
  id: string | number;
  kind: StudentCredits['entries'][number]['kind'];
  course_id: number | null;
  code: string | null;
  title: string | null;
  credits: string;
  grade_event_id: string | number | null;
  transfer_id: number | null;
  replaces_entry_id: string | number | null;
  source: string;
  source_grade: string | null;
  source_schema: string | null;
  source_schema_version: number | null;
  converted_grade: string | null;
  conversion_id: number | null;
  conversion_version: number | null;
  approved_by: string | null;
  created_at: string | Date;
};

/** An enrolment's ledger entries with their provenance, oldest first. */
export const ledgerEntryRows = (db: Db, enrolmentId: number) =>
  rows<LedgerEntryRow>(
    db,
    sql`select l.id, l.kind, l.course_id, pc.code, pc.title, l.credits, l.grade_event_id,
            l.transfer_id, l.replaces_entry_id,
            case
              when l.kind = 'transfer-in' and t.kind = 'external'
                then t.institution || ': ' || coalesce(t.source_course_title, '')
              when l.kind = 'transfer-in'
                then sp.code || ' ' || sp.title || ': ' || coalesce(sc.code || ' ' || sc.title, '')
              when l.kind = 'transfer-out' then 'Transferred out: ' || coalesce(t.reason, '')
              when l.kind = 'replaced' then 'Retake of ' || coalesce(pc.code, '')
              else 'Course result ' || coalesce(pc.code, '')
            end as source,
            l.source_grade, gs.name as source_schema, l.source_schema_version, l.converted_grade,
            l.conversion_id, gc.version as conversion_version, ${NAME('a')} as approved_by,
            l.created_at
          from ba_credit_ledger l
          left join programme_courses pc on pc.id = l.course_id
          left join ba_transfers t on t.id = l.transfer_id
          left join enrolments se on se.id = t.source_enrolment_id
          left join programmes sp on sp.id = se.programme_id
          left join programme_courses sc on sc.id = t.source_course_id
          left join grading_schemas gs on gs.id = l.source_schema_id
          left join grade_conversions gc on gc.id = l.conversion_id
          left join users a on a.jwl_id = l.approved_by
          where l.enrolment_id = ${enrolmentId}
          order by l.id`,
  );

/** The units of the programme's courses: the credits it requires. */
export const requiredUnitRows = (db: Db, programmeId: number) =>
  rows<{ total: string | null }>(
    db,
    sql`select sum(units) as total from programme_courses where programme_id = ${programmeId}`,
  );

export const enrolmentUserRows = (db: Db, enrolmentId: number) =>
  rows<{ user_id: number }>(db, sql`select user_id from enrolments where id = ${enrolmentId}`);

/** A page of the programme's students in the scope with their credits, and the count of all. */
export async function creditStudentPage(
  db: Db,
  programmeId: number,
  scope: number[] | null,
  query: { q?: string; page: number; limit: number },
) {
  const search = query.q
    ? sql`and (${NAME('u')} ilike ${containsPattern(query.q)} or u.jwl_id::text = ${query.q})`
    : sql``;
  const where = sql`e.programme_id = ${programmeId} and ${inScope(sql`e.clc_id`, scope)} ${search}`;
  const [found, count] = await Promise.all([
    rows<{
      id: number;
      user_id: number;
      name: string;
      clc: string | null;
      state: string;
      progress: string | null;
      entries: number;
    }>(
      db,
      sql`select e.id, e.user_id, ${NAME('u')} as name, c.name as clc, e.state,
            (select sum(credits) from ba_credit_ledger l where l.enrolment_id = e.id) as progress,
            (select count(*)::int from ba_credit_ledger l where l.enrolment_id = e.id) as entries
          from enrolments e join users u on u.jwl_id = e.user_id left join clcs c on c.id = e.clc_id
          where ${where}
          order by u.last_name, u.first_name, e.id
          limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from enrolments e join users u on u.jwl_id = e.user_id where ${where}`,
    ),
  ]);
  return { found, total: count[0]?.n ?? 0 };
}

/** The same person's final course results in their other programmes. */
export const transferSourceRows = (db: Db, userId: number, programmeId: number) =>
  rows<{
    enrolment_id: number;
    p_code: string;
    p_title: string;
    course_id: number;
    code: string;
    title: string;
    units: number;
    score: string;
    schema_id: number | null;
    schema_name: string | null;
    schema_version: number | null;
  }>(
    db,
    sql`select e.id as enrolment_id, p.code as p_code, p.title as p_title, pc.id as course_id,
          pc.code, pc.title, pc.units, r.score, r.grading_schema_id as schema_id,
          gs.name as schema_name, r.grading_schema_version as schema_version
        from enrolments e join programmes p on p.id = e.programme_id
        join course_results r on r.enrolment_id = e.id and r.is_final
        join programme_courses pc on pc.id = r.course_id
        left join grading_schemas gs on gs.id = r.grading_schema_id
        where e.user_id = ${userId} and e.programme_id <> ${programmeId}
        order by p.code, pc.position, pc.code`,
  );
