import type { z } from 'zod';
import type {
  conversionInputSchema,
  creditStudentsQuerySchema,
} from '@lantern/contracts/bachelor-credits';
import type {
  ConversionList,
  CreditStudentList,
  StudentCredits,
  TransferSource,
} from '@lantern/contracts/bachelor-credits';
import type { Db } from '@lantern/db/client';
import { audit } from '../../../lib/audit';
import { invalidFields, notFound } from '../../../lib/errors';
import { clcScope } from '../../../lib/scope';
import type { AuthContext } from '../../../plugins/auth';
import {
  conversionRows,
  gradingSchemaRows,
  insertConversionVersion,
  programmeSchemaRow,
  schemasAmong,
} from './credits-conversions.repository';
import {
  creditStudentPage,
  enrolmentRow,
  enrolmentUserRows,
  ledgerEntryRows,
  requiredUnitRows,
  transferSourceRows,
} from './credits-students.repository';

// Conversions, a student's credits, transfers in and out of a bachelor programme (decision
// 0022, "As built: credits"). Every write is one transaction with its audit row. Transfers are
// in credits-transfers.service.ts and credits-decisions.service.ts.

export const num = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);
export const iso = (v: string | Date | null): string | null =>
  v === null ? null : new Date(v).toISOString();

/** A student (enrolment) of this programme within the request's CLCs, else 404. */
export async function enrolmentInReach(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  enrolmentId: number,
): Promise<{ id: number; userId: number; name: string; clcId: number | null }> {
  const row = await enrolmentRow(db, clcScope(auth), programmeId, enrolmentId);
  if (!row) throw notFound('The student');
  return { id: row.id, userId: row.user_id, name: row.name, clcId: row.clc_id };
}

export async function programmeSchema(db: Db, programmeId: number) {
  const row = await programmeSchemaRow(db, programmeId);
  return row?.id == null
    ? null
    : { id: row.id, version: row.version ?? 1, scaleMax: Number(row.scale_max) };
}

// ---------------------------------------------------------------- conversions

export async function listConversions(
  db: Db,
  programmeId: number,
  filter: { fromSchemaId?: number; toSchemaId?: number },
): Promise<ConversionList> {
  const [schemas, conversions, schema] = await Promise.all([
    gradingSchemaRows(db),
    conversionRows(db, filter),
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
    const found = await schemasAmong(tx, input.fromSchemaId, input.toSchemaId);
    const ids = new Set(found.map((f) => f.id));
    const fields: Record<string, string> = {};
    if (!ids.has(input.fromSchemaId)) fields.fromSchemaId = 'Choose an existing grading schema';
    if (!ids.has(input.toSchemaId)) fields.toSchemaId = 'Choose an existing grading schema';
    if (Object.keys(fields).length) throw invalidFields(fields);
    // Serialises versions of one pair: two creators at once get 1 and 2, never a clash.
    const row = await insertConversionVersion(tx, input, auth.user.jwlId);
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

// ---------------------------------------------------------------- a student's credits

export async function studentCredits(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  enrolmentId: number,
): Promise<StudentCredits> {
  const student = await enrolmentInReach(db, auth, programmeId, enrolmentId);
  const [entries, required, jwl] = await Promise.all([
    ledgerEntryRows(db, enrolmentId),
    requiredUnitRows(db, programmeId),
    enrolmentUserRows(db, enrolmentId),
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
  const { found, total } = await creditStudentPage(db, programmeId, clcScope(auth), query);
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
    total,
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
  const found = await transferSourceRows(db, student.userId, programmeId);
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
