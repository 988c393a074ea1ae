import { sql } from 'drizzle-orm';
import {
  convert,
  type ConversionRule,
  type GradesOutPreview,
  type GradesOutRow,
} from '@lantern/contracts/bachelor-credits';
import type { Db } from '@lantern/db/client';
import { audit } from '../../../lib/audit';
import type { Deps } from '../../../lib/deps';
import { invalidFields } from '../../../lib/errors';
import { EXPORT_MIME, exportFile } from '../../../lib/export';
import { insertFile } from '../../../lib/files';
import { inScope, rows } from '../../../lib/sql';
import { clcScope } from '../../../lib/scope';
import type { AuthContext } from '../../../plugins/auth';

// Transfer-grades-out (decision 0022, "As built: credits"): each student's grade in force per
// course, from the credit ledger, converted to a target schema (the certifying university's);
// every row names the ledger entries it rests on.

type Filter = { gradingSchemaId: number; courseId?: number };

type Raw = {
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

/** Every row (one per student and course with entries), converted; in name order. */
export async function gradesOutRows(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  filter: Filter,
  limit?: number,
): Promise<{ rows: GradesOutRow[]; total: number; targetName: string }> {
  const [target] = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from grading_schemas where id = ${filter.gradingSchemaId}`,
  );
  if (!target) throw invalidFields({ gradingSchemaId: 'Choose an existing grading schema' });
  if (filter.courseId !== undefined) {
    const [course] = await rows<{ id: number }>(
      db,
      sql`select id from programme_courses where id = ${filter.courseId} and programme_id = ${programmeId}`,
    );
    if (!course) throw invalidFields({ courseId: 'Choose a course of this programme' });
  }
  const courseFilter =
    filter.courseId === undefined ? sql`` : sql`and l.course_id = ${filter.courseId}`;
  const found = await rows<Raw & { total: number }>(
    db,
    sql`with l as (
          select l.id, l.enrolment_id, l.course_id, l.kind, l.credits
          from ba_credit_ledger l join enrolments e on e.id = l.enrolment_id
          where e.programme_id = ${programmeId} and ${inScope(sql`e.clc_id`, clcScope(auth))}
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
  // The newest conversion from each schema the grades are in to the target.
  const fromIds = [...new Set(found.map((r) => r.grade_schema_id).filter((v) => v !== null))];
  const conversions = new Map<number, { id: number; version: number; rules: ConversionRule[] }>();
  if (fromIds.length > 0) {
    const found = await rows<{
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
    for (const c of found) conversions.set(c.from_schema_id, c);
  }
  const out = found.map((r): GradesOutRow => {
    const grade = r.grade === null ? null : Number(r.grade);
    let converted: number | null = null;
    let label: string | null = null;
    let conversion: { id: number; version: number } | null = null;
    let note: string | null = null;
    if (grade === null) note = 'No grade in force (taken back by a retake).';
    else if (r.grade_schema_id === target.id) converted = grade;
    else if (r.grade_schema_id === null) note = 'The grade has no schema to convert from.';
    else {
      const c = conversions.get(r.grade_schema_id);
      if (!c) note = `No conversion from ${r.grade_schema ?? 'its schema'} to ${target.name}.`;
      else {
        conversion = c;
        const result = convert(grade, c);
        converted = result?.grade ?? null;
        label = result?.label ?? null;
        if (!result) note = 'Below every rule of the conversion.';
      }
    }
    return {
      enrolmentId: r.enrolment_id,
      jwlId: r.user_id,
      name: r.name,
      courseCode: r.code,
      courseTitle: r.title,
      credits: Number(r.credits),
      grade,
      gradeSchema: r.grade_schema,
      convertedGrade: converted,
      convertedLabel: label,
      conversionId: conversion?.id ?? null,
      conversionVersion: conversion?.version ?? null,
      transferredOut: r.transferred_out,
      entryIds: r.entry_ids.map(Number),
      note,
    };
  });
  return { rows: out, total: found[0]?.total ?? 0, targetName: target.name };
}

export async function gradesOutPreview(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  filter: Filter & { limit: number },
): Promise<GradesOutPreview> {
  const [{ rows: first, total }, [batch]] = await Promise.all([
    gradesOutRows(db, auth, programmeId, filter, filter.limit),
    rows<{ id: number; rows: number; created_at: string | Date; created_by: string | null }>(
      db,
      sql`select b.id, b.rows, b.created_at, u.first_name || ' ' || u.last_name as created_by
          from ba_export_batches b left join users u on u.jwl_id = b.created_by
          where b.programme_id = ${programmeId} and b.purpose = 'grades-out'
          order by b.id desc limit 1`,
    ),
  ]);
  return {
    total,
    rows: first,
    lastBatch: batch
      ? {
          id: batch.id,
          rows: batch.rows,
          createdAt: new Date(batch.created_at).toISOString(),
          createdBy: batch.created_by,
        }
      : null,
  };
}

const HEADERS = [
  'JWL-ID',
  'Name',
  'Course code',
  'Course',
  'Credits',
  'Grade',
  'Grade schema',
  'Converted grade',
  'Converted label',
  'Target schema',
  'Conversion id',
  'Conversion version',
  'Transferred out',
  'Ledger entries',
  'Note',
];

const cellsOf = (r: GradesOutRow, targetName: string) =>
  [
    r.jwlId,
    r.name,
    r.courseCode,
    r.courseTitle,
    r.credits,
    r.grade,
    r.gradeSchema,
    r.convertedGrade,
    r.convertedLabel,
    targetName,
    r.conversionId,
    r.conversionVersion,
    r.transferredOut ? 'yes' : 'no',
    r.entryIds.join(' '),
    r.note,
  ].map((v) => v ?? null);

/** The file's bytes: CSV (with a byte-order mark, as every export) or XLSX. */
export const gradesOutFile = (found: GradesOutRow[], targetName: string, format: 'csv' | 'xlsx') =>
  exportFile(format, {
    sheet: 'Grades out',
    headers: HEADERS,
    rows: found.map((r) => cellsOf(r, targetName)),
  });

/**
 * Makes the grades-out file, keeps it (a `ba_export_batches` row, purpose grades-out, with the
 * file) and answers it with the batch id.
 */
export async function exportGradesOut(
  deps: Pick<Deps, 'db' | 'files'>,
  auth: AuthContext,
  programmeId: number,
  filter: Filter & { format: 'csv' | 'xlsx' },
): Promise<{ data: Buffer; batchId: number; filename: string; rows: number }> {
  const { rows: found, targetName } = await gradesOutRows(deps.db, auth, programmeId, filter);
  const data = await gradesOutFile(found, targetName, filter.format);
  const { storageKey, sha256 } = await deps.files.put(data);
  try {
    const batchId = await deps.db.transaction(async (tx) => {
      const fileId = await insertFile(tx, {
        ownerId: auth.user.jwlId,
        kind: 'grades-out',
        mime: EXPORT_MIME[filter.format],
        size: data.length,
        sha256,
        storageKey,
      });
      const [batch] = await rows<{ id: number }>(
        tx,
        sql`insert into ba_export_batches (programme_id, file_id, purpose, rows, created_by)
            values (${programmeId}, ${fileId}, 'grades-out', ${found.length}, ${auth.user.jwlId})
            returning id`,
      );
      if (!batch) throw new Error('batch not written');
      await audit(tx, auth, {
        action: 'bachelor.grades-out.exported',
        entityType: 'ba_export_batch',
        entityId: batch.id,
        changes: { ...filter, rows: found.length, fileId, sha256 },
      });
      return batch.id;
    });
    return {
      data,
      batchId,
      rows: found.length,
      filename: `grades-out-${String(programmeId)}-${String(batchId)}`,
    };
  } catch (error) {
    await deps.files.remove(storageKey);
    throw error;
  }
}
