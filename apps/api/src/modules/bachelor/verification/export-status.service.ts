import { EXPORT_STATUS_LABELS } from '@lantern/contracts/bachelor';
import type {
  ExportBatch,
  ExportStudent,
  ExportStudentPage,
  ExportStatusFilter,
} from '@lantern/contracts/bachelor-verification';
import type { Db } from '@lantern/db/client';
import { auditMany } from '../../../lib/audit';
import { queueBachelorMail, type BachelorMailDeps } from '../../../lib/automatic-mails';
import type { Deps } from '../../../lib/deps';
import { AppError, notFound } from '../../../lib/errors';
import { EXPORT_MIME, exportFile } from '../../../lib/export';
import { insertFile } from '../../../lib/files';
import { clcScope } from '../../../lib/scope';
import {
  batchRow,
  batchRows,
  completedStudents,
  exportStudentPage,
  finalGradeRows,
  insertCompleted,
  insertGraduatesBatch,
  lockedStudents,
  programmeCourseRows,
  setExported,
  setGraduated,
  type Row,
} from './export-status.repository';
import type { AuthContext } from '../../../plugins/auth';

// Export statuses of bachelor students (spec §4): completed → completed-exported → graduated
// (docs/decisions/0022 "As built: export statuses"). A student is completed when they hold a
// final passing result (score ≥ the programme's pass mark) in every course of the programme.

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();
const toStudent = (r: Row): ExportStudent => ({
  enrolmentId: r.enrolment_id,
  jwlId: r.jwl_id,
  student: `${r.first_name} ${r.last_name}`.trim(),
  clcName: r.clc_name,
  status: r.status,
  passed: r.passed,
  courses: r.courses,
  batchId: r.batch_id,
  version: r.version,
  changedAt: r.updated_at === null ? null : iso(r.updated_at),
});

export async function studentsPage(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  query: {
    status?: ExportStatusFilter;
    eligible?: boolean;
    q?: string;
    page: number;
    limit: number;
  },
): Promise<ExportStudentPage> {
  const { items, total } = await exportStudentPage(db, clcScope(auth), programmeId, query);
  return {
    items: items.map(toStudent),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** The chosen students, locked, all in the programme and in reach (else 404). */
async function chosen(tx: Db, auth: AuthContext, programmeId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await lockedStudents(tx, clcScope(auth), programmeId, unique);
  if (found.length !== unique.length) throw notFound('A chosen student');
  return found;
}

const names = (list: Row[]) =>
  list
    .slice(0, 5)
    .map((r) => `${r.first_name} ${r.last_name}`.trim())
    .join(', ') + (list.length > 5 ? ` and ${String(list.length - 5)} more` : '');

/** Mark completed: students with no export status who passed every course. All or nothing. */
export async function markCompleted(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  ids: number[],
): Promise<{ moved: number }> {
  return db.transaction(async (tx) => {
    const found = await chosen(tx, auth, programmeId, ids);
    const already = found.filter((r) => r.status !== null);
    if (already.length > 0)
      throw new AppError(409, 'CONFLICT', `Already completed: ${names(already)}.`);
    const short = found.filter((r) => r.courses === 0 || r.passed < r.courses);
    if (short.length > 0)
      throw new AppError(
        409,
        'CONFLICT',
        `Not every course has a final passing grade yet for: ${names(short)}.`,
      );
    await insertCompleted(
      tx,
      found.map((r) => r.enrolment_id),
      auth.user.jwlId,
    );
    await auditMany(
      tx,
      auth,
      found.map((r) => ({
        action: 'bachelor.export-status.completed',
        entityType: 'enrolment',
        entityId: r.enrolment_id,
        changes: { status: [null, 'completed'] },
      })),
    );
    return { moved: found.length };
  });
}

/**
 * Mark graduated: completed-and-exported students only. All or nothing; queues the
 * `bachelor_graduated` mails in the same transaction and dispatches them after the commit.
 */
export async function markGraduated(
  deps: BachelorMailDeps,
  auth: AuthContext,
  programmeId: number,
  ids: number[],
): Promise<{ moved: number }> {
  const { moved, mailIds } = await deps.db.transaction(async (tx) => {
    const found = await chosen(tx, auth, programmeId, ids);
    const wrong = found.filter((r) => r.status !== 'completed-exported');
    if (wrong.length > 0)
      throw new AppError(
        409,
        'CONFLICT',
        `Only students ${EXPORT_STATUS_LABELS['completed-exported'].toLowerCase()} can graduate: ${names(wrong)}.`,
      );
    await setGraduated(
      tx,
      found.map((r) => r.enrolment_id),
      auth.user.jwlId,
    );
    await auditMany(
      tx,
      auth,
      found.map((r) => ({
        action: 'bachelor.export-status.graduated',
        entityType: 'enrolment',
        entityId: r.enrolment_id,
        changes: { status: ['completed-exported', 'graduated'] },
      })),
    );
    const queued = await queueBachelorMail(
      tx,
      {
        type: 'bachelor_graduated',
        programmeId,
        enrolmentIds: found.map((r) => r.enrolment_id),
      },
      deps.config.publicUrl,
    );
    return { moved: { moved: found.length }, mailIds: queued };
  });
  deps.mailer.dispatch(mailIds);
  return moved;
}

/** The graduates file: one row per student, their final grade in every course. */
async function graduatesFile(
  tx: Db,
  programmeId: number,
  students: Row[],
  format: 'csv' | 'xlsx',
): Promise<Buffer> {
  const courses = await programmeCourseRows(tx, programmeId);
  const grades = await finalGradeRows(
    tx,
    programmeId,
    students.map((s) => s.enrolment_id),
  );
  const gradeOf = new Map(grades.map((g) => [`${String(g.enrolment_id)}:${g.code}`, g.score]));
  const headers = [
    'JWL-ID',
    'First name',
    'Last name',
    'CLC',
    ...courses.map((c) => c.code),
    'Units',
  ];
  const units = courses.reduce((sum, c) => sum + c.units, 0);
  return exportFile(format, {
    sheet: 'Graduates',
    headers,
    rows: students.map((s) => [
      s.jwl_id,
      s.first_name,
      s.last_name,
      s.clc_name,
      ...courses.map((c) => {
        const g = gradeOf.get(`${String(s.enrolment_id)}:${c.code}`);
        return g === undefined || g === null ? null : Number(g);
      }),
      units,
    ]),
  });
}

/**
 * Exports a batch of completed students to the certifying university: the file is stored and
 * kept with the batch, the students move to completed-exported. One transaction, audited.
 */
export async function exportBatch(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  input: { enrolmentIds?: number[]; format: 'csv' | 'xlsx' },
): Promise<ExportBatch> {
  const kept: { key: string | null } = { key: null };
  try {
    return await deps.db.transaction(async (tx) => {
      let ids = input.enrolmentIds;
      if (ids === undefined) {
        const all = await completedStudents(tx, clcScope(auth), programmeId);
        ids = all.map((r) => r.enrolment_id);
      }
      if (ids.length === 0)
        throw new AppError(409, 'CONFLICT', 'No completed student is waiting for export.');
      const found = await chosen(tx, auth, programmeId, ids);
      const wrong = found.filter((r) => r.status !== 'completed');
      if (wrong.length > 0)
        throw new AppError(
          409,
          'CONFLICT',
          `Only completed students are exported: ${names(wrong)}.`,
        );
      const data = await graduatesFile(tx, programmeId, found, input.format);
      const stored = await deps.files.put(data);
      kept.key = stored.storageKey;
      const fileId = await insertFile(tx, {
        ownerId: auth.user.jwlId,
        kind: 'ba-graduates',
        mime: EXPORT_MIME[input.format],
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.storageKey,
      });
      const batch = await insertGraduatesBatch(tx, {
        programmeId,
        fileId,
        rows: found.length,
        createdBy: auth.user.jwlId,
      });
      if (!batch) throw new Error('the batch was not stored');
      await setExported(
        tx,
        batch.id,
        found.map((r) => r.enrolment_id),
        auth.user.jwlId,
      );
      await auditMany(tx, auth, [
        {
          action: 'bachelor.export-batch.created',
          entityType: 'ba_export_batch',
          entityId: batch.id,
          changes: { programmeId, rows: found.length, fileId, format: input.format },
        },
        ...found.map((r) => ({
          action: 'bachelor.export-status.exported',
          entityType: 'enrolment',
          entityId: r.enrolment_id,
          changes: { status: ['completed', 'completed-exported'], batchId: batch.id },
        })),
      ]);
      return {
        id: batch.id,
        rows: found.length,
        fileName: `graduates-${String(batch.id)}.${input.format}`,
        createdBy: null,
        createdAt: iso(batch.created_at),
      };
    });
  } catch (error) {
    if (kept.key) await deps.files.remove(kept.key).catch(() => undefined);
    throw error;
  }
}

const extOf = (mime: string | null) => (mime?.startsWith('text/csv') ? 'csv' : 'xlsx');

export async function batches(db: Db, programmeId: number): Promise<{ items: ExportBatch[] }> {
  const list = await batchRows(db, programmeId);
  return {
    items: list.map((b) => ({
      id: b.id,
      rows: b.rows,
      fileName: b.storage_key ? `graduates-${String(b.id)}.${extOf(b.mime)}` : null,
      createdBy: b.created_by,
      createdAt: iso(b.created_at),
    })),
  };
}

/** A batch's stored file. */
export async function batchFile(db: Db, programmeId: number, batchId: number) {
  const row = await batchRow(db, programmeId, batchId);
  if (!row?.storage_key) throw notFound('The export file');
  return {
    storageKey: row.storage_key,
    mime: row.mime ?? EXPORT_MIME.csv,
    fileName: `graduates-${String(row.id)}.${extOf(row.mime)}`,
  };
}
