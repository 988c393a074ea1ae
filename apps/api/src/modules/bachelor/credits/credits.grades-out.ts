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
import {
  courseOfProgramme,
  gradesOutRaw,
  gradingSchemaName,
  insertGradesOutBatch,
  lastGradesOutBatch,
  newestConversionsTo,
} from './credits-grades-out.repository';
import { clcScope } from '../../../lib/scope';
import type { AuthContext } from '../../../plugins/auth';

// Transfer-grades-out (decision 0022, "As built: credits"): each student's grade in force per
// course, from the credit ledger, converted to a target schema (the certifying university's);
// every row names the ledger entries it rests on.

type Filter = { gradingSchemaId: number; courseId?: number };

/** Every row (one per student and course with entries), converted; in name order. */
export async function gradesOutRows(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  filter: Filter,
  limit?: number,
): Promise<{ rows: GradesOutRow[]; total: number; targetName: string }> {
  const target = await gradingSchemaName(db, filter);
  if (!target) throw invalidFields({ gradingSchemaId: 'Choose an existing grading schema' });
  if (filter.courseId !== undefined) {
    const course = await courseOfProgramme(db, { courseId: filter.courseId }, programmeId);
    if (!course) throw invalidFields({ courseId: 'Choose a course of this programme' });
  }
  const found = await gradesOutRaw(db, clcScope(auth), programmeId, filter, limit);
  // The newest conversion from each schema the grades are in to the target.
  const fromIds = [...new Set(found.map((r) => r.grade_schema_id).filter((v) => v !== null))];
  const conversions = new Map<number, { id: number; version: number; rules: ConversionRule[] }>();
  if (fromIds.length > 0) {
    const found = await newestConversionsTo(db, target, fromIds);
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
    lastGradesOutBatch(db, programmeId),
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
      const batch = await insertGradesOutBatch(tx, {
        programmeId,
        fileId,
        rows: found.length,
        createdBy: auth.user.jwlId,
      });
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
