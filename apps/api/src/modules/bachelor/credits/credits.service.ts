import { sql, type SQL } from 'drizzle-orm';
import type {
  conversionInputSchema,
  creditStudentsQuerySchema,
  transferInInputSchema,
  transferListQuerySchema,
} from '@lantern/contracts/bachelor-credits';
import {
  convert,
  rescale,
  type ConversionList,
  type CreditStudentList,
  type StudentCredits,
  type Transfer,
  type TransferList,
  type TransferSource,
  type ConversionRule,
} from '@lantern/contracts/bachelor-credits';
import { TRANSFER_STATE_LABELS } from '@lantern/contracts/bachelor';
import type { z } from 'zod';
import type { Db } from '@lantern/db/client';
import { audit } from '../../../lib/audit';
import { queueBachelorMail, type BachelorMailDeps } from '../../../lib/automatic-mails';
import { AppError, invalidFields, notFound } from '../../../lib/errors';
import { assertSecondPerson } from '../../../lib/second-person';
import { containsPattern, inScope, rows } from '../../../lib/sql';
import { clcScope } from '../../../lib/scope';
import type { AuthContext } from '../../../plugins/auth';
import { appendCreditEntries } from './credits.ledger';

// Conversions, a student's credits, transfers in and out of a bachelor programme (decision
// 0022, "As built: credits"). Every write is one transaction with its audit row.

const num = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);
const iso = (v: string | Date | null): string | null =>
  v === null ? null : new Date(v).toISOString();
const OWN_PROPOSAL = 'You proposed this transfer; another person approves it.';
const NAME = (alias: string) => sql.raw(`(${alias}.first_name || ' ' || ${alias}.last_name)`);

/** A student (enrolment) of this programme within the request's CLCs, else 404. */
export async function enrolmentInReach(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  enrolmentId: number,
): Promise<{ id: number; userId: number; name: string; clcId: number | null }> {
  const [row] = await rows<{ id: number; user_id: number; name: string; clc_id: number | null }>(
    db,
    sql`select e.id, e.user_id, ${NAME('u')} as name, e.clc_id from enrolments e
        join users u on u.jwl_id = e.user_id
        where e.id = ${enrolmentId} and e.programme_id = ${programmeId}
          and ${inScope(sql`e.clc_id`, clcScope(auth))}`,
  );
  if (!row) throw notFound('The student');
  return { id: row.id, userId: row.user_id, name: row.name, clcId: row.clc_id };
}

async function programmeSchema(db: Db, programmeId: number) {
  const [row] = await rows<{ id: number | null; version: number | null; scale_max: string | null }>(
    db,
    sql`select gs.id, gs.version, gs.scale_max from programmes p
        left join grading_schemas gs on gs.id = p.grading_schema_id where p.id = ${programmeId}`,
  );
  return row?.id == null
    ? null
    : { id: row.id, version: row.version ?? 1, scaleMax: Number(row.scale_max) };
}

// ---------------------------------------------------------------- conversions

type ConversionRow = {
  id: number;
  from_schema_id: number;
  from_name: string;
  to_schema_id: number;
  to_name: string;
  version: number;
  rules: ConversionRule[];
  created_by: string | null;
  created_at: string | Date;
  current: boolean;
};

export async function listConversions(
  db: Db,
  programmeId: number,
  filter: { fromSchemaId?: number; toSchemaId?: number },
): Promise<ConversionList> {
  const [schemas, conversions, schema] = await Promise.all([
    rows<{ id: number; name: string; version: number; scale_max: string; pass_mark: string }>(
      db,
      sql`select id, name, version, scale_max, pass_mark from grading_schemas order by name`,
    ),
    rows<ConversionRow>(
      db,
      sql`select c.id, c.from_schema_id, f.name as from_name, c.to_schema_id, t.name as to_name,
            c.version, c.rules, ${NAME('u')} as created_by, c.created_at,
            c.version = max(c.version) over (partition by c.from_schema_id, c.to_schema_id) as current
          from grade_conversions c
          join grading_schemas f on f.id = c.from_schema_id
          join grading_schemas t on t.id = c.to_schema_id
          left join users u on u.jwl_id = c.created_by
          where ${filter.fromSchemaId ? sql`c.from_schema_id = ${filter.fromSchemaId}` : sql`true`}
            and ${filter.toSchemaId ? sql`c.to_schema_id = ${filter.toSchemaId}` : sql`true`}
          order by f.name, t.name, c.version desc`,
    ),
    programmeSchema(db, programmeId),
  ]);
  return {
    programmeSchemaId: schema?.id ?? null,
    schemas: schemas.map((s) => ({
      id: s.id,
      name: s.name,
      version: s.version,
      scaleMax: Number(s.scale_max),
      passMark: Number(s.pass_mark),
    })),
    conversions: conversions.map((c) => ({
      id: c.id,
      fromSchemaId: c.from_schema_id,
      fromSchemaName: c.from_name,
      toSchemaId: c.to_schema_id,
      toSchemaName: c.to_name,
      version: c.version,
      rules: c.rules,
      createdBy: c.created_by,
      createdAt: iso(c.created_at) ?? '',
      current: c.current,
    })),
  };
}

/** A new version of a from → to table; the versions before it stay as they were. */
export async function createConversion(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof conversionInputSchema>,
): Promise<{ id: number; version: number }> {
  return db.transaction(async (tx) => {
    const found = await rows<{ id: number }>(
      tx,
      sql`select id from grading_schemas where id in (${input.fromSchemaId}, ${input.toSchemaId})`,
    );
    const ids = new Set(found.map((f) => f.id));
    const fields: Record<string, string> = {};
    if (!ids.has(input.fromSchemaId)) fields.fromSchemaId = 'Choose an existing grading schema';
    if (!ids.has(input.toSchemaId)) fields.toSchemaId = 'Choose an existing grading schema';
    if (Object.keys(fields).length) throw invalidFields(fields);
    // Serialises versions of one pair: two creators at once get 1 and 2, never a clash.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('grade_conversions'), ${input.fromSchemaId} * 100003 + ${input.toSchemaId})`,
    );
    const [row] = await rows<{ id: number; version: number }>(
      tx,
      sql`insert into grade_conversions (from_schema_id, to_schema_id, version, rules, created_by)
          select ${input.fromSchemaId}, ${input.toSchemaId}, coalesce(max(version), 0) + 1,
            ${JSON.stringify(input.rules)}::jsonb, ${auth.user.jwlId}
          from grade_conversions where from_schema_id = ${input.fromSchemaId}
            and to_schema_id = ${input.toSchemaId}
          returning id, version`,
    );
    if (!row) throw new Error('conversion not written');
    await audit(tx, auth, {
      action: 'bachelor.conversion.created',
      entityType: 'grade_conversion',
      entityId: row.id,
      changes: { ...input, version: row.version },
    });
    return row;
  });
}

/** The newest conversion from one schema to another, or null. */
async function currentConversion(db: Db, fromSchemaId: number, toSchemaId: number) {
  const [row] = await rows<{ id: number; version: number; rules: ConversionRule[] }>(
    db,
    sql`select id, version, rules from grade_conversions
        where from_schema_id = ${fromSchemaId} and to_schema_id = ${toSchemaId}
        order by version desc limit 1`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------- a student's credits

export async function studentCredits(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  enrolmentId: number,
): Promise<StudentCredits> {
  const student = await enrolmentInReach(db, auth, programmeId, enrolmentId);
  const [entries, required, jwl] = await Promise.all([
    rows<{
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
    }>(
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
    ),
    rows<{ total: string | null }>(
      db,
      sql`select sum(units) as total from programme_courses where programme_id = ${programmeId}`,
    ),
    rows<{ user_id: number }>(db, sql`select user_id from enrolments where id = ${enrolmentId}`),
  ]);
  const mapped = entries.map((e) => ({
    id: Number(e.id),
    kind: e.kind,
    courseId: e.course_id,
    courseCode: e.code,
    courseTitle: e.title,
    credits: Number(e.credits),
    gradeEventId: num(e.grade_event_id),
    transferId: e.transfer_id,
    replacesEntryId: num(e.replaces_entry_id),
    source: e.source,
    sourceGrade: num(e.source_grade),
    sourceSchema: e.source_schema,
    sourceSchemaVersion: e.source_schema_version,
    convertedGrade: num(e.converted_grade),
    conversionId: e.conversion_id,
    conversionVersion: e.conversion_version,
    approvedBy: e.approved_by,
    createdAt: iso(e.created_at) ?? '',
  }));
  const progress = Math.round(mapped.reduce((s, e) => s + e.credits * 100, 0)) / 100;
  return {
    enrolmentId,
    jwlId: jwl[0]?.user_id ?? student.userId,
    name: student.name,
    progress,
    required: Number(required[0]?.total ?? 0),
    entries: mapped,
  };
}

export async function creditStudents(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  query: z.output<typeof creditStudentsQuerySchema>,
): Promise<CreditStudentList> {
  const search = query.q
    ? sql`and (${NAME('u')} ilike ${containsPattern(query.q)} or u.jwl_id::text = ${query.q})`
    : sql``;
  const where = sql`e.programme_id = ${programmeId} and ${inScope(sql`e.clc_id`, clcScope(auth))} ${search}`;
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
  return {
    items: found.map((r) => ({
      enrolmentId: r.id,
      jwlId: r.user_id,
      name: r.name,
      clc: r.clc,
      state: r.state,
      progress: Number(r.progress ?? 0),
      entries: r.entries,
    })),
    total: count[0]?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

// ---------------------------------------------------------------- transfers in

/** The same person's final course results in their other programmes. */
export async function transferSources(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  enrolmentId: number,
): Promise<TransferSource[]> {
  const student = await enrolmentInReach(db, auth, programmeId, enrolmentId);
  const found = await rows<{
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
        where e.user_id = ${student.userId} and e.programme_id <> ${programmeId}
        order by p.code, pc.position, pc.code`,
  );
  return found.map((r) => ({
    enrolmentId: r.enrolment_id,
    programmeCode: r.p_code,
    programmeTitle: r.p_title,
    courseId: r.course_id,
    courseCode: r.code,
    courseTitle: r.title,
    units: r.units,
    score: Number(r.score),
    schemaId: r.schema_id,
    schemaName: r.schema_name,
    schemaVersion: r.schema_version,
  }));
}

/**
 * A transfer in never adds to credit the student already holds for the course (Σ of its ledger
 * entries > 0): a retake or a correction replaces credit, a transfer does not add to it. 409.
 */
async function refuseWhenCreditHeld(db: Db, enrolmentId: number, courseId: number | null) {
  if (courseId === null) return;
  const [held] = await rows<{ total: string | number | null; code: string; student: string }>(
    db,
    sql`select (select sum(l.credits) from ba_credit_ledger l
              where l.enrolment_id = ${enrolmentId} and l.course_id = ${courseId}) as total,
            (select code from programme_courses where id = ${courseId}) as code,
            (select u.first_name || ' ' || u.last_name from enrolments e
              join users u on u.jwl_id = e.user_id where e.id = ${enrolmentId}) as student`,
  );
  const total = Number(held?.total ?? 0);
  if (total > 0)
    throw new AppError(
      409,
      'CONFLICT',
      `${held?.student ?? 'The student'} already holds ${total} credit${total === 1 ? '' : 's'} for ${held?.code ?? 'this course'}; a retake or a correction replaces credit, a transfer does not add to it.`,
    );
}

/** Propose a transfer in: the source and its converted grade are worked out and kept now. */
export async function proposeTransferIn(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  input: z.output<typeof transferInInputSchema>,
): Promise<Transfer> {
  const student = await enrolmentInReach(db, auth, programmeId, input.enrolmentId);
  const id = await db.transaction(async (tx) => {
    const [course] = await rows<{ id: number; units: number }>(
      tx,
      sql`select id, units from programme_courses where id = ${input.courseId} and programme_id = ${programmeId}`,
    );
    if (!course) throw invalidFields({ courseId: 'Choose a course of this programme' });
    await refuseWhenCreditHeld(tx, input.enrolmentId, course.id);
    const target = await programmeSchema(tx, programmeId);
    let source: {
      grade: number;
      schemaId: number | null;
      schemaVersion: number | null;
      scaleMax: number | null;
      credits: number;
    };
    if (input.kind === 'internal') {
      const [result] = await rows<{
        score: string;
        schema_id: number | null;
        schema_version: number | null;
        units: number;
      }>(
        tx,
        sql`select r.score, r.grading_schema_id as schema_id, r.grading_schema_version as schema_version,
              pc.units
            from enrolments e join course_results r on r.enrolment_id = e.id and r.is_final
            join programme_courses pc on pc.id = r.course_id
            where e.id = ${input.sourceEnrolmentId} and e.user_id = ${student.userId}
              and e.programme_id <> ${programmeId} and r.course_id = ${input.sourceCourseId}`,
      );
      if (!result)
        throw invalidFields({
          sourceCourseId: 'Choose a final course result of this student in another programme',
        });
      source = {
        grade: Number(result.score),
        schemaId: result.schema_id,
        schemaVersion: result.schema_version,
        scaleMax: null,
        credits: input.credits ?? course.units,
      };
    } else {
      let version: number | null = null;
      if (input.sourceSchemaId != null) {
        const [schema] = await rows<{ version: number; scale_max: string }>(
          tx,
          sql`select version, scale_max from grading_schemas where id = ${input.sourceSchemaId}`,
        );
        if (!schema) throw invalidFields({ sourceSchemaId: 'Choose an existing grading schema' });
        if (input.sourceGrade > Number(schema.scale_max))
          throw invalidFields({ sourceGrade: 'The grade is above the schema’s maximum' });
        version = schema.version;
      }
      source = {
        grade: input.sourceGrade,
        schemaId: input.sourceSchemaId ?? null,
        schemaVersion: version,
        scaleMax: input.sourceSchemaId != null ? null : (input.sourceScaleMax ?? null),
        credits: input.credits,
      };
    }
    const conv = await convertTo(tx, source, target);
    const [row] = await rows<{ id: number }>(
      tx,
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
            ${source.credits}, ${conv.conversionId}, ${conv.grade}, ${auth.user.jwlId})
          returning id`,
    );
    if (!row) throw new Error('transfer not written');
    await audit(tx, auth, {
      action: 'bachelor.transfer-in.proposed',
      entityType: 'ba_transfer',
      entityId: row.id,
      changes: { ...input, convertedGrade: conv.grade, conversionId: conv.conversionId },
    });
    return row.id;
  });
  return getTransfer(db, auth, programmeId, id);
}

/**
 * A source grade in the programme's schema: the same schema as is; another schema through the
 * newest conversion from it; a given scale in proportion. Null grade when nothing converts it.
 */
async function convertTo(
  db: Db,
  source: { grade: number; schemaId: number | null; scaleMax: number | null },
  target: { id: number; scaleMax: number } | null,
): Promise<{ grade: number | null; conversionId: number | null }> {
  if (!target) return { grade: null, conversionId: null };
  if (source.schemaId === target.id) return { grade: source.grade, conversionId: null };
  if (source.schemaId === null)
    return source.scaleMax
      ? { grade: rescale(source.grade, source.scaleMax, target.scaleMax), conversionId: null }
      : { grade: null, conversionId: null };
  const conversion = await currentConversion(db, source.schemaId, target.id);
  if (!conversion) return { grade: null, conversionId: null };
  return { grade: convert(source.grade, conversion)?.grade ?? null, conversionId: conversion.id };
}

type TransferRow = {
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

const toTransfer = (r: TransferRow): Transfer => {
  const converted = num(r.converted_grade);
  return {
    id: r.id,
    version: r.version,
    direction: r.direction,
    kind: r.kind,
    state: r.state,
    enrolmentId: r.enrolment_id,
    jwlId: r.user_id,
    studentName: r.student_name,
    courseId: r.course_id,
    courseCode: r.course_code,
    courseTitle: r.course_title,
    source: r.source,
    sourceCourse: r.source_course,
    sourceGrade: num(r.source_grade),
    sourceSchema: r.source_schema,
    sourceSchemaVersion: r.source_schema_version,
    sourceScaleMax: num(r.source_scale_max),
    convertedGrade: converted,
    convertedLabel:
      r.rules && converted !== null
        ? (r.rules.find((rule) => rule.grade === converted)?.label ?? null)
        : null,
    targetSchema: r.target_schema,
    conversionId: r.conversion_id,
    conversionVersion: r.conversion_version,
    credits: Number(r.credits),
    reason: r.reason,
    proposedBy: r.proposed_by,
    decidedBy: r.decided_by,
    decidedAt: iso(r.decided_at),
    createdAt: iso(r.created_at) ?? '',
    ledgerEntryId: num(r.ledger_entry_id),
  };
};

const transferWhere = (auth: AuthContext, programmeId: number) =>
  sql`e.programme_id = ${programmeId} and ${inScope(sql`e.clc_id`, clcScope(auth))}`;

export async function getTransfer(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  transferId: number,
): Promise<Transfer> {
  const [row] = await rows<TransferRow>(
    db,
    transferSelect(sql`t.id = ${transferId} and ${transferWhere(auth, programmeId)}`),
  );
  if (!row) throw notFound('The transfer');
  return toTransfer(row);
}

export async function listTransfers(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  direction: 'in' | 'out',
  query: z.output<typeof transferListQuerySchema>,
): Promise<TransferList> {
  const filters: SQL[] = [transferWhere(auth, programmeId), sql`t.direction = ${direction}`];
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
  return { items: found.map(toTransfer), total, page: query.page, limit: query.limit };
}

/**
 * Approve or reject a proposed transfer in (BA_TRANSFER_IN__EDIT). Approving appends the ledger
 * entry with all its provenance. A decided transfer is 409 with who decided it; a version other
 * than the one seen is 409 too. Either decision queues the `bachelor_transfer_decided` mails in
 * the same transaction; they are dispatched after the commit.
 */
export async function decideTransferIn(
  deps: BachelorMailDeps,
  auth: AuthContext,
  programmeId: number,
  transferId: number,
  decision: { approve: boolean; version: number; reason?: string },
): Promise<Transfer> {
  const { db } = deps;
  const mailIds = await db.transaction(async (tx) => {
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
      tx,
      sql`select t.id, t.version, t.state, t.enrolment_id, t.course_id, t.credits, t.source_grade,
            t.source_schema_id, t.source_schema_version, t.converted_grade, t.conversion_id,
            t.proposed_by, ${NAME('d')} as decided_by, t.decided_at
          from ba_transfers t join enrolments e on e.id = t.enrolment_id
          left join users d on d.jwl_id = t.decided_by
          where t.id = ${transferId} and t.direction = 'in' and ${transferWhere(auth, programmeId)}
          for update of t`,
    );
    if (!t) throw notFound('The transfer');
    if (t.state !== 'proposed') {
      const when = t.decided_at
        ? new Date(t.decided_at).toISOString().slice(0, 16).replace('T', ' ')
        : '';
      throw new AppError(
        409,
        'CONFLICT',
        `This transfer was already ${TRANSFER_STATE_LABELS[t.state as Transfer['state']].toLowerCase()}${t.decided_by ? ` by ${t.decided_by}` : ''}${when ? ` on ${when} UTC` : ''}.`,
      );
    }
    if (t.version !== decision.version)
      throw new AppError(
        409,
        'STALE_VERSION',
        'This transfer changed since you opened it. Reload it and decide again.',
      );
    // Approval is another person's step (the contract); the proposer may still reject their own
    // proposal, which grants nothing (there is no separate withdrawal).
    if (decision.approve) assertSecondPerson(auth, t.proposed_by, OWN_PROPOSAL);
    if (decision.approve) await refuseWhenCreditHeld(tx, t.enrolment_id, t.course_id);
    if (decision.approve && t.converted_grade === null && t.source_schema_id !== null) {
      // Without a converted grade the ledger would hold a grade the programme cannot read.
      throw new AppError(
        409,
        'CONFLICT',
        'No conversion turns this grade into the programme’s schema: add one, then propose again.',
      );
    }
    await tx.execute(
      sql`update ba_transfers set state = ${decision.approve ? 'approved' : 'rejected'},
            reason = ${decision.reason ?? null}, decided_by = ${auth.user.jwlId},
            decided_at = now(), version = version + 1, updated_at = now()
          where id = ${transferId}`,
    );
    let entryId: number | null = null;
    if (decision.approve) {
      [entryId = null] = await appendCreditEntries(tx, [
        {
          enrolmentId: t.enrolment_id,
          kind: 'transfer-in',
          courseId: t.course_id,
          credits: Number(t.credits),
          transferId: t.id,
          sourceGrade: num(t.source_grade),
          sourceSchemaId: t.source_schema_id,
          sourceSchemaVersion: t.source_schema_version,
          convertedGrade: num(t.converted_grade),
          conversionId: t.conversion_id,
          approvedBy: auth.user.jwlId,
        },
      ]);
    }
    await audit(tx, auth, {
      action: decision.approve ? 'bachelor.transfer-in.approved' : 'bachelor.transfer-in.rejected',
      entityType: 'ba_transfer',
      entityId: transferId,
      changes: { reason: decision.reason ?? null, ledgerEntryId: entryId },
    });
    return queueBachelorMail(
      tx,
      {
        type: 'bachelor_transfer_decided',
        programmeId,
        transferIds: [transferId],
        decision: decision.approve ? 'approved' : 'rejected',
      },
      deps.config.publicUrl,
    );
  });
  deps.mailer.dispatch(mailIds);
  return getTransfer(db, auth, programmeId, transferId);
}

// ---------------------------------------------------------------- transfers out

/**
 * A student leaves for (or is reported to) the certifying university: an approved transfer out
 * and a `transfer-out` entry taking their whole progress, with the reason. Once per student.
 * It is decided as it is recorded, so it queues the `bachelor_transfer_decided` mails
 * (`approved`) in the same transaction, as deciding a transfer in does; they are dispatched
 * after the commit.
 */
export async function transferOut(
  deps: BachelorMailDeps,
  auth: AuthContext,
  programmeId: number,
  input: { enrolmentId: number; reason: string },
): Promise<Transfer> {
  const { db } = deps;
  await enrolmentInReach(db, auth, programmeId, input.enrolmentId);
  const { id, mailIds } = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from enrolments where id = ${input.enrolmentId} for update`);
    const [already] = await rows<{ id: number }>(
      tx,
      sql`select id from ba_transfers where enrolment_id = ${input.enrolmentId}
            and direction = 'out' and state = 'approved'`,
    );
    if (already)
      throw new AppError(
        409,
        'CONFLICT',
        `This student was already transferred out (#${String(already.id)}).`,
      );
    const [sum] = await rows<{ total: string | null }>(
      tx,
      sql`select sum(credits) as total from ba_credit_ledger where enrolment_id = ${input.enrolmentId}`,
    );
    const total = Number(sum?.total ?? 0);
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into ba_transfers (enrolment_id, direction, kind, credits, state, reason,
            proposed_by, decided_by, decided_at)
          values (${input.enrolmentId}, 'out', 'external', ${total}, 'approved', ${input.reason},
            ${auth.user.jwlId}, ${auth.user.jwlId}, now())
          returning id`,
    );
    if (!row) throw new Error('transfer not written');
    const [entryId] = await appendCreditEntries(tx, [
      {
        enrolmentId: input.enrolmentId,
        kind: 'transfer-out',
        credits: -total,
        transferId: row.id,
        approvedBy: auth.user.jwlId,
      },
    ]);
    await audit(tx, auth, {
      action: 'bachelor.transfer-out.recorded',
      entityType: 'ba_transfer',
      entityId: row.id,
      changes: {
        enrolmentId: input.enrolmentId,
        reason: input.reason,
        credits: total,
        ledgerEntryId: entryId,
      },
    });
    const queued = await queueBachelorMail(
      tx,
      {
        type: 'bachelor_transfer_decided',
        programmeId,
        transferIds: [row.id],
        decision: 'approved',
      },
      deps.config.publicUrl,
    );
    return { id: row.id, mailIds: queued };
  });
  deps.mailer.dispatch(mailIds);
  return getTransfer(db, auth, programmeId, id);
}
