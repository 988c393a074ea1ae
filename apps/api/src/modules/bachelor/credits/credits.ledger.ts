import type { CreditEntryKind } from '@lantern/contracts/bachelor';
import type { Db } from '@lantern/db/client';
import {
  bachelorCourseRows,
  insertLedgerEntries,
  ledgerSum,
  schemaVersionPassMarks,
  standingRows,
  type Standing,
} from './credits-ledger.repository';

// The credit ledger of bachelor students (decision 0022, "As built: credits"). Append-only: a
// trigger refuses UPDATE, and `appendCreditEntries` is the one place that inserts. Degree
// progress is Σ credits; a correction is a further entry, never an edit.

export type NewCreditEntry = {
  enrolmentId: number;
  kind: CreditEntryKind;
  courseId?: number | null;
  credits: number;
  gradeEventId?: number | null;
  transferId?: number | null;
  replacesEntryId?: number | null;
  sourceGrade?: number | null;
  sourceSchemaId?: number | null;
  sourceSchemaVersion?: number | null;
  convertedGrade?: number | null;
  conversionId?: number | null;
  approvedBy?: number | null;
};

const round2 = (v: number) => Math.round((v + Number.EPSILON) * 100) / 100;

/** The one writer of `ba_credit_ledger`: appends the entries in the caller's transaction; their ids. */
export async function appendCreditEntries(
  tx: Db,
  entries: readonly NewCreditEntry[],
): Promise<number[]> {
  if (entries.length === 0) return [];
  const values = entries.map((e, n) => ({
    n,
    enrolment_id: e.enrolmentId,
    kind: e.kind,
    course_id: e.courseId ?? null,
    credits: round2(e.credits),
    grade_event_id: e.gradeEventId ?? null,
    transfer_id: e.transferId ?? null,
    replaces_entry_id: e.replacesEntryId ?? null,
    source_grade: e.sourceGrade ?? null,
    source_schema_id: e.sourceSchemaId ?? null,
    source_schema_version: e.sourceSchemaVersion ?? null,
    converted_grade: e.convertedGrade ?? null,
    conversion_id: e.conversionId ?? null,
    approved_by: e.approvedBy ?? null,
  }));
  const inserted = await insertLedgerEntries(tx, values);
  return inserted.map((r) => Number(r.id));
}

async function standings(
  tx: Db,
  pairs: readonly { enrolmentId: number; courseId: number }[],
): Promise<Map<string, Standing>> {
  if (pairs.length === 0) return new Map();
  const found = await standingRows(tx, pairs);
  return new Map(found.map((s) => [`${String(s.enrolment_id)}:${String(s.course_id)}`, s]));
}

/** A course-result event of the grade ledger (decision 0021) as `applyResultEvents` wrote it. */
export type ResultEventWritten = {
  id: number | string;
  enrolment_id: number;
  course_id: number;
  action: string;
  new_points: string | number | null;
  new_published: boolean | null;
  grading_schema_id: number | null;
  grading_schema_version: number | null;
};

/**
 * Earned credit from course results that became final (`finalise`) or changed when final
 * (`change`, an approved grade-change request), for bachelor enrolments only. A course passed
 * earns its units; a later change appends the difference (negative of the old plus the new,
 * naming the entry it corrects); the same grade again appends nothing. `reopen` leaves the
 * ledger alone: the credit stands until a new final result says otherwise. In the caller's
 * transaction (the one that wrote the events), so credit and result move together.
 */
export async function creditResultEvents(
  tx: Db,
  events: readonly ResultEventWritten[],
  approvedBy: number | null,
): Promise<number[]> {
  const final = events.filter(
    (e) =>
      (e.action === 'finalise' || e.action === 'change') &&
      e.new_published === true &&
      e.new_points !== null,
  );
  if (final.length === 0) return [];
  const bachelor = await bachelorCourseRows(
    tx,
    final.map((e) => ({ e: e.enrolment_id, c: e.course_id })),
  );
  if (bachelor.length === 0) return [];
  const info = new Map(
    bachelor.map((b) => [`${String(b.enrolment_id)}:${String(b.course_id)}`, b]),
  );
  // The pass mark of the schema version each event was given under.
  const versions = await schemaVersionPassMarks(tx, final);
  const passMarkOf = new Map(
    versions.map((v) => [`${String(v.id)}:${String(v.version)}`, Number(v.pass_mark)]),
  );
  const stand = await standings(
    tx,
    final.map((e) => ({ enrolmentId: e.enrolment_id, courseId: e.course_id })),
  );
  const entries: NewCreditEntry[] = [];
  for (const e of [...final].sort((a, b) => Number(a.id) - Number(b.id))) {
    const key = `${String(e.enrolment_id)}:${String(e.course_id)}`;
    const course = info.get(key);
    if (!course) continue;
    const grade = Number(e.new_points);
    const passMark =
      passMarkOf.get(`${String(e.grading_schema_id)}:${String(e.grading_schema_version)}`) ??
      (course.pass_mark === null ? null : Number(course.pass_mark));
    const target = passMark !== null && grade >= passMark ? course.units : 0;
    const s = stand.get(key);
    const held = s ? Number(s.credits) : 0;
    const currentId = s?.current_id == null ? null : Number(s.current_id);
    const currentGrade = s?.current_grade == null ? null : Number(s.current_grade);
    if (currentId !== null && currentGrade === grade && held === target) continue;
    entries.push({
      enrolmentId: e.enrolment_id,
      kind: 'earned',
      courseId: e.course_id,
      credits: target - held,
      gradeEventId: Number(e.id),
      replacesEntryId: currentId,
      sourceGrade: grade,
      sourceSchemaId: e.grading_schema_id,
      sourceSchemaVersion: e.grading_schema_version,
      approvedBy,
    });
    // A second event of the same batch for the same course builds on this one.
    stand.set(key, {
      enrolment_id: e.enrolment_id,
      course_id: e.course_id,
      credits: target,
      current_id: null,
      current_grade: grade,
    });
  }
  return appendCreditEntries(tx, entries);
}

/**
 * A retake (course status `retaken`, contracts/bachelor.ts): the course's credit in force is
 * taken back by a `replaced` entry naming it; the retake's final result then earns anew.
 * Null when nothing stands for the course (no final result yet).
 */
export async function recordRetake(
  tx: Db,
  input: { enrolmentId: number; courseId: number; approvedBy: number | null },
): Promise<number | null> {
  const s = (await standings(tx, [input])).get(
    `${String(input.enrolmentId)}:${String(input.courseId)}`,
  );
  if (!s || s.current_id === null) return null;
  const [entryId] = await appendCreditEntries(tx, [
    {
      enrolmentId: input.enrolmentId,
      kind: 'replaced',
      courseId: input.courseId,
      credits: -Number(s.credits),
      replacesEntryId: Number(s.current_id),
      sourceGrade: s.current_grade === null ? null : Number(s.current_grade),
      approvedBy: input.approvedBy,
    },
  ]);
  return entryId ?? null;
}

/** A student's degree progress: Σ credits of their entries. */
export async function progressOf(db: Db, enrolmentId: number): Promise<number> {
  const total = await ledgerSum(db, enrolmentId);
  return round2(total);
}
