import type { z } from 'zod';
import type {
  transferInInputSchema,
  transferListQuerySchema,
} from '@lantern/contracts/bachelor-credits';
import {
  convert,
  rescale,
  type Transfer,
  type TransferList,
} from '@lantern/contracts/bachelor-credits';
import type { Db } from '@lantern/db/client';
import { audit } from '../../../lib/audit';
import { AppError, invalidFields, notFound } from '../../../lib/errors';
import { clcScope } from '../../../lib/scope';
import type { AuthContext } from '../../../plugins/auth';
import { currentConversion } from './credits-conversions.repository';
import {
  creditHeldRow,
  insertTransferIn,
  internalSourceRow,
  programmeCourseRow,
  schemaScaleRow,
  transferPage,
  transferRow,
  type TransferRow,
  type TransferSourceValues,
} from './credits-transfers.repository';
import { enrolmentInReach, iso, num, programmeSchema } from './credits.service';

// Transfers in of a bachelor programme: proposed, read and listed (decision 0022).

/**
 * A transfer in never adds to credit the student already holds for the course (Σ of its ledger
 * entries > 0): a retake or a correction replaces credit, a transfer does not add to it. 409.
 */
export async function refuseWhenCreditHeld(db: Db, enrolmentId: number, courseId: number | null) {
  if (courseId === null) return;
  const held = await creditHeldRow(db, enrolmentId, courseId);
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
    const course = await programmeCourseRow(tx, input.courseId, programmeId);
    if (!course) throw invalidFields({ courseId: 'Choose a course of this programme' });
    await refuseWhenCreditHeld(tx, input.enrolmentId, course.id);
    const target = await programmeSchema(tx, programmeId);
    let source: TransferSourceValues;
    if (input.kind === 'internal') {
      const result = await internalSourceRow(
        tx,
        { enrolmentId: input.sourceEnrolmentId, courseId: input.sourceCourseId },
        student.userId,
        programmeId,
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
        const schema = await schemaScaleRow(tx, input.sourceSchemaId);
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
    const row = await insertTransferIn(tx, input, source, conv, auth.user.jwlId);
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

export const toTransfer = (r: TransferRow): Transfer => {
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

export async function getTransfer(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  transferId: number,
): Promise<Transfer> {
  const row = await transferRow(db, clcScope(auth), programmeId, transferId);
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
  const { found, total } = await transferPage(db, clcScope(auth), programmeId, direction, query);
  return { items: found.map(toTransfer), total, page: query.page, limit: query.limit };
}
