import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ConversionRule,
  Transfer,
  transferInInputSchema,
} from '@lantern/contracts/bachelor-credits';
import type { Db } from '@lantern/db/client';
import { containsPattern, inScope, rows } from '../../../lib/sql';
import { NAME } from './credits-conversions.repository';

/** What the student already holds for the course, with the names a refusal gives. */
export async function creditHeldRow(db: Db, enrolmentId: number, courseId: number) {
  const [held] = await rows<{ total: string | number | null; code: string; student: string }>(
    db,
    sql`select (select sum(l.credits) from ba_credit_ledger l
              where l.enrolment_id = ${enrolmentId} and l.course_id = ${courseId}) as total,
            (select code from programme_courses where id = ${courseId}) as code,
            (select u.first_name || ' ' || u.last_name from enrolments e
              join users u on u.jwl_id = e.user_id where e.id = ${enrolmentId}) as student`,
  );
  return held;
}

export async function programmeCourseRow(db: Db, courseId: number, programmeId: number) {
  const [course] = await rows<{ id: number; units: number }>(
    db,
    sql`select id, units from programme_courses where id = ${courseId} and programme_id = ${programmeId}`,
  );
  return course;
}

/** The student's final result of the source course in another of their programmes. */
export async function internalSourceRow(
  db: Db,
  source: { enrolmentId: number; courseId: number },
  userId: number,
  programmeId: number,
) {
  const [result] = await rows<{
    score: string;
    schema_id: number | null;
    schema_version: number | null;
    units: number;
  }>(
    db,
    sql`select r.score, r.grading_schema_id as schema_id, r.grading_schema_version as schema_version,
              pc.units
            from enrolments e join course_results r on r.enrolment_id = e.id and r.is_final
            join programme_courses pc on pc.id = r.course_id
            where e.id = ${source.enrolmentId} and e.user_id = ${userId}
              and e.programme_id <> ${programmeId} and r.course_id = ${source.courseId}`,
  );
  return result;
}

export async function schemaScaleRow(db: Db, schemaId: number) {
  const [schema] = await rows<{ version: number; scale_max: string }>(
    db,
    sql`select version, scale_max from grading_schemas where id = ${schemaId}`,
  );
  return schema;
}

export type TransferSourceValues = {
  grade: number;
  schemaId: number | null;
  schemaVersion: number | null;
  scaleMax: number | null;
  credits: number;
};

export async function insertTransferIn(
  db: Db,
  input: z.output<typeof transferInInputSchema>,
  source: TransferSourceValues,
  conv: { grade: number | null; conversionId: number | null },
  proposedBy: number,
) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into ba_transfers (enrolment_id, direction, kind, course_id, source_enrolment_id,
            source_course_id, institution, source_course_title, source_grade, source_schema_id,
            source_schema_version, source_scale_max, credits, conversion_id, converted_grade,
            proposed_by)
          values (${input.enrolmentId}, 'in', ${input.kind}, ${input.courseId},
            ${input.kind === 'internal' ? input.sourceEnrolmentId : null},
            ${input.kind === 'internal' ? input.sourceCourseId : null},
            ${input.kind === 'external' ? input.institution : null},
            ${input.kind === 'external' ? input.sourceCourseTitle : null},
            ${source.grade}, ${source.schemaId}, ${source.schemaVersion}, ${source.scaleMax},
            ${source.credits}, ${conv.conversionId}, ${conv.grade}, ${proposedBy})
          returning id`,
  );
  return row;
}

export type TransferRow = {
  id: number;
  version: number;
  direction: 'in' | 'out';
  kind: Transfer['kind'];
  state: Transfer['state'];
  enrolment_id: number;
  user_id: number;
  student_name: string;
  course_id: number | null;
  course_code: string | null;
  course_title: string | null;
  source: string | null;
  source_course: string | null;
  source_grade: string | null;
  source_schema: string | null;
  source_schema_version: number | null;
  source_scale_max: string | null;
  converted_grade: string | null;
  target_schema: string | null;
  conversion_id: number | null;
  conversion_version: number | null;
  rules: ConversionRule[] | null;
  credits: string;
  reason: string | null;
  proposed_by: string | null;
  decided_by: string | null;
  decided_at: string | Date | null;
  created_at: string | Date;
  ledger_entry_id: string | number | null;
  total: number;
};

const transferSelect = (where: SQL, tail: SQL = sql``) => sql`
  select t.id, t.version, t.direction, t.kind, t.state, t.enrolment_id, e.user_id,
    ${NAME('u')} as student_name, t.course_id, pc.code as course_code, pc.title as course_title,
    case when t.kind = 'internal' then sp.code || ' ' || sp.title else t.institution end as source,
    case when t.kind = 'internal' then sc.code || ' ' || sc.title else t.source_course_title end as source_course,
    t.source_grade, sgs.name as source_schema, t.source_schema_version, t.source_scale_max,
    t.converted_grade, tgs.name as target_schema, t.conversion_id, gc.version as conversion_version,
    gc.rules, t.credits, t.reason, ${NAME('pb')} as proposed_by, ${NAME('db')} as decided_by,
    t.decided_at, t.created_at,
    (select l.id from ba_credit_ledger l where l.transfer_id = t.id order by l.id limit 1) as ledger_entry_id,
    count(*) over ()::int as total
  from ba_transfers t
  join enrolments e on e.id = t.enrolment_id
  join users u on u.jwl_id = e.user_id
  join programmes p on p.id = e.programme_id
  left join grading_schemas tgs on tgs.id = p.grading_schema_id
  left join programme_courses pc on pc.id = t.course_id
  left join enrolments se on se.id = t.source_enrolment_id
  left join programmes sp on sp.id = se.programme_id
  left join programme_courses sc on sc.id = t.source_course_id
  left join grading_schemas sgs on sgs.id = t.source_schema_id
  left join grade_conversions gc on gc.id = t.conversion_id
  left join users pb on pb.jwl_id = t.proposed_by
  left join users db on db.jwl_id = t.decided_by
  where ${where}
  ${tail}`;

const transferWhere = (scope: number[] | null, programmeId: number) =>
  sql`e.programme_id = ${programmeId} and ${inScope(sql`e.clc_id`, scope)}`;

export async function transferRow(
  db: Db,
  scope: number[] | null,
  programmeId: number,
  transferId: number,
) {
  const [row] = await rows<TransferRow>(
    db,
    transferSelect(sql`t.id = ${transferId} and ${transferWhere(scope, programmeId)}`),
  );
  return row;
}

/** A page of the programme's transfers one way in the scope, filtered, and the count of all. */
export async function transferPage(
  db: Db,
  scope: number[] | null,
  programmeId: number,
  direction: 'in' | 'out',
  query: { state?: string; kind?: string; q?: string; page: number; limit: number },
) {
  const filters: SQL[] = [transferWhere(scope, programmeId), sql`t.direction = ${direction}`];
  if (query.state) filters.push(sql`t.state = ${query.state}`);
  if (query.kind) filters.push(sql`t.kind = ${query.kind}`);
  if (query.q)
    filters.push(
      sql`(${NAME('u')} ilike ${containsPattern(query.q)} or u.jwl_id::text = ${query.q}
           or t.institution ilike ${containsPattern(query.q)})`,
    );
  const found = await rows<TransferRow>(
    db,
    transferSelect(
      sql.join(filters, sql` and `),
      sql`order by t.created_at desc, t.id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
  );
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && query.page > 1) {
    const [c] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ba_transfers t join enrolments e on e.id = t.enrolment_id
          join users u on u.jwl_id = e.user_id where ${sql.join(filters, sql` and `)}`,
    );
    total = c?.n ?? 0;
  }
  return { found, total };
}

/** A transfer in of the programme in the scope, locked for its decision. */
export async function transferInForDecision(
  db: Db,
  scope: number[] | null,
  programmeId: number,
  transferId: number,
) {
  const [t] = await rows<{
    id: number;
    version: number;
    state: string;
    enrolment_id: number;
    course_id: number | null;
    credits: string;
    source_grade: string | null;
    source_schema_id: number | null;
    source_schema_version: number | null;
    converted_grade: string | null;
    conversion_id: number | null;
    proposed_by: number | null;
    decided_by: string | null;
    decided_at: string | Date | null;
  }>(
    db,
    sql`select t.id, t.version, t.state, t.enrolment_id, t.course_id, t.credits, t.source_grade,
            t.source_schema_id, t.source_schema_version, t.converted_grade, t.conversion_id,
            t.proposed_by, ${NAME('d')} as decided_by, t.decided_at
          from ba_transfers t join enrolments e on e.id = t.enrolment_id
          left join users d on d.jwl_id = t.decided_by
          where t.id = ${transferId} and t.direction = 'in' and ${transferWhere(scope, programmeId)}
          for update of t`,
  );
  return t;
}

export async function recordTransferDecision(
  db: Db,
  transferId: number,
  decision: { approve: boolean; reason?: string },
  decidedBy: number,
) {
  await db.execute(
    sql`update ba_transfers set state = ${decision.approve ? 'approved' : 'rejected'},
            reason = ${decision.reason ?? null}, decided_by = ${decidedBy},
            decided_at = now(), version = version + 1, updated_at = now()
          where id = ${transferId}`,
  );
}

/** Locks the enrolment, so that one transfer out is recorded at a time. */
export async function lockEnrolment(db: Db, enrolmentId: number) {
  await db.execute(sql`select id from enrolments where id = ${enrolmentId} for update`);
}

export async function approvedTransferOut(db: Db, enrolmentId: number) {
  const [already] = await rows<{ id: number }>(
    db,
    sql`select id from ba_transfers where enrolment_id = ${enrolmentId}
            and direction = 'out' and state = 'approved'`,
  );
  return already;
}

/** The sum of the enrolment's ledger: its progress. */
export async function ledgerTotal(db: Db, enrolmentId: number) {
  const [sum] = await rows<{ total: string | null }>(
    db,
    sql`select sum(credits) as total from ba_credit_ledger where enrolment_id = ${enrolmentId}`,
  );
  return Number(sum?.total ?? 0);
}

export async function insertTransferOut(
  db: Db,
  input: { enrolmentId: number; reason: string },
  total: number,
  userId: number,
) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into ba_transfers (enrolment_id, direction, kind, credits, state, reason,
            proposed_by, decided_by, decided_at)
          values (${input.enrolmentId}, 'out', 'external', ${total}, 'approved', ${input.reason},
            ${userId}, ${userId}, now())
          returning id`,
  );
  return row;
}
