import { sql, type SQL } from 'drizzle-orm';
import { EXPORT_STATUS_LABELS, type ExportStatus } from '@lantern/contracts/bachelor';
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
import { containsPattern, intArray, rows } from '../../../lib/sql';
import type { AuthContext } from '../../../plugins/auth';

// Export statuses of bachelor students (spec §4): completed → completed-exported → graduated
// (docs/decisions/0022 "As built: export statuses"). A student is completed when they hold a
// final passing result (score ≥ the programme's pass mark) in every course of the programme.

type Row = {
  enrolment_id: number;
  jwl_id: number;
  first_name: string;
  last_name: string;
  clc_name: string | null;
  status: ExportStatus | null;
  batch_id: number | null;
  version: number | null;
  updated_at: string | Date | null;
  passed: number;
  courses: number;
};

function studentsQuery(programmeId: number, where: SQL[], tail: SQL): SQL {
  return sql`with pm as (
      select coalesce(max(gs.pass_mark), 0) as pass_mark
      from programmes p left join grading_schemas gs on gs.id = p.grading_schema_id
      where p.id = ${programmeId}),
    n as (select count(*)::int as courses from programme_courses where programme_id = ${programmeId})
    select * from (
      select e.id as enrolment_id, u.jwl_id, u.first_name, u.last_name, c.name as clc_name,
        s.status::text as status, s.batch_id, s.version, s.updated_at, e.clc_id,
        (select count(*)::int from course_results r
           join programme_courses pc on pc.id = r.course_id and pc.programme_id = e.programme_id
           where r.enrolment_id = e.id and r.is_final and r.score >= (select pass_mark from pm)
        ) as passed,
        (select courses from n) as courses
      from enrolments e
      join users u on u.jwl_id = e.user_id
      left join clcs c on c.id = e.clc_id
      left join ba_export_statuses s on s.enrolment_id = e.id
      where e.programme_id = ${programmeId}
        and (e.state in ('active', 'completed') or s.enrolment_id is not null)
    ) x
    where ${sql.join(where, sql` and `)}
    ${tail}`;
}

const eligible = sql`(x.courses > 0 and x.passed = x.courses)`;

function reachWhere(auth: AuthContext): SQL[] {
  const reach = clcScope(auth);
  return reach === null ? [sql`true`] : [sql`x.clc_id = any(${intArray(reach)})`];
}

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
  const where = reachWhere(auth);
  if (query.status === 'none') where.push(sql`x.status is null`);
  else if (query.status) where.push(sql`x.status = ${query.status}`);
  if (query.eligible === true) where.push(eligible);
  if (query.eligible === false) where.push(sql`not ${eligible}`);
  if (query.q) {
    const like = containsPattern(query.q);
    where.push(
      sql`(concat_ws(' ', x.first_name, x.last_name) ilike ${like} or x.jwl_id::text = ${query.q})`,
    );
  }
  const offset = (query.page - 1) * query.limit;
  const [items, total] = await Promise.all([
    rows<Row>(
      db,
      studentsQuery(
        programmeId,
        where,
        sql`order by x.last_name, x.first_name, x.jwl_id limit ${query.limit} offset ${offset}`,
      ),
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (${studentsQuery(programmeId, where, sql``)}) y`,
    ),
  ]);
  return {
    items: items.map(toStudent),
    total: total[0]?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** The chosen students, locked, all in the programme and in reach (else 404). */
async function chosen(tx: Db, auth: AuthContext, programmeId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  await tx.execute(
    sql`select 1 from enrolments where id = any(${intArray(unique)}) order by id for update`,
  );
  const found = await rows<Row>(
    tx,
    studentsQuery(
      programmeId,
      [...reachWhere(auth), sql`x.enrolment_id = any(${intArray(unique)})`],
      sql`order by x.enrolment_id`,
    ),
  );
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
    await tx.execute(
      sql`insert into ba_export_statuses (enrolment_id, status, changed_by)
          select unnest(${intArray(found.map((r) => r.enrolment_id))}), 'completed', ${auth.user.jwlId}`,
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
    await tx.execute(
      sql`update ba_export_statuses set status = 'graduated', changed_by = ${auth.user.jwlId},
            version = version + 1, updated_at = now()
          where enrolment_id = any(${intArray(found.map((r) => r.enrolment_id))})`,
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

type GradeRow = { enrolment_id: number; code: string; score: string | number | null };

/** The graduates file: one row per student, their final grade in every course. */
async function graduatesFile(
  tx: Db,
  programmeId: number,
  students: Row[],
  format: 'csv' | 'xlsx',
): Promise<Buffer> {
  const courses = await rows<{ id: number; code: string; units: number }>(
    tx,
    sql`select id, code, units from programme_courses where programme_id = ${programmeId}
        order by position, code`,
  );
  const grades = await rows<GradeRow>(
    tx,
    sql`select r.enrolment_id, pc.code, r.score from course_results r
        join programme_courses pc on pc.id = r.course_id and pc.programme_id = ${programmeId}
        where r.enrolment_id = any(${intArray(students.map((s) => s.enrolment_id))}) and r.is_final`,
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
        const all = await rows<Row>(
          tx,
          studentsQuery(programmeId, [...reachWhere(auth), sql`x.status = 'completed'`], sql``),
        );
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
      const [batch] = await rows<{ id: number; created_at: string | Date }>(
        tx,
        sql`insert into ba_export_batches (programme_id, file_id, purpose, rows, created_by)
            values (${programmeId}, ${fileId}, 'graduates', ${found.length}, ${auth.user.jwlId})
            returning id, created_at`,
      );
      if (!batch) throw new Error('the batch was not stored');
      await tx.execute(
        sql`update ba_export_statuses set status = 'completed-exported', batch_id = ${batch.id},
              changed_by = ${auth.user.jwlId}, version = version + 1, updated_at = now()
            where enrolment_id = any(${intArray(found.map((r) => r.enrolment_id))})`,
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

type BatchRow = {
  id: number;
  rows: number;
  mime: string | null;
  storage_key: string | null;
  created_by: string | null;
  created_at: string | Date;
};

const extOf = (mime: string | null) => (mime?.startsWith('text/csv') ? 'csv' : 'xlsx');

export async function batches(db: Db, programmeId: number): Promise<{ items: ExportBatch[] }> {
  const list = await rows<BatchRow>(
    db,
    sql`select b.id, b.rows, f.mime, f.storage_key, b.created_at,
          nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as created_by
        from ba_export_batches b
        left join files f on f.id = b.file_id
        left join users u on u.jwl_id = b.created_by
        where b.programme_id = ${programmeId} and b.purpose = 'graduates'
        order by b.created_at desc, b.id desc limit 100`,
  );
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
  const [row] = await rows<BatchRow>(
    db,
    sql`select b.id, b.rows, f.mime, f.storage_key, b.created_at, null as created_by
        from ba_export_batches b join files f on f.id = b.file_id
        where b.id = ${batchId} and b.programme_id = ${programmeId} and b.purpose = 'graduates'`,
  );
  if (!row?.storage_key) throw notFound('The export file');
  return {
    storageKey: row.storage_key,
    mime: row.mime ?? EXPORT_MIME.csv,
    fileName: `graduates-${String(row.id)}.${extOf(row.mime)}`,
  };
}
