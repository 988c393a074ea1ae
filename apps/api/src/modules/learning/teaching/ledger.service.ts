import type {
  GradeEventAction,
  GradeEventSubject,
  GradeOutcome,
} from '@lantern/contracts/learning-enums';
import type {
  GradeAsOf,
  GradeHistoryEntry,
  GradeHistoryPage,
  GradeHistoryQuery,
  StudentGradesAsOf,
} from '@lantern/contracts/ledger';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import {
  findCourseNames,
  findEventRows,
  findHistoryRows,
  findItemTitles,
  findReachedCourses,
  type EventRow,
  type HistoryRow,
} from './ledger.repository';

// Reads of the grade ledger (decision 0021): a student's history, newest first; a student's
// grades as of a time, folded from their events; a class's published grade book as of a time.
// Every read goes through `grade_events_student_idx (student_id, id)` (ledger.repository.ts); the
// class's grade book as of a time is ledger-book.service.ts.

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));
const iso = (v: Date | string): string => new Date(v).toISOString();

/** Events that keep the grade's comment as it was (they carry none of their own). */
const KEEPS_COMMENT = new Set<GradeEventAction>([
  'publish',
  'unpublish',
  'finalise',
  'reopen',
  'transfer_out',
]);

export type LedgerEvent = {
  id: number;
  subject: GradeEventSubject;
  action: GradeEventAction;
  courseId: number;
  itemId: number | null;
  points: number | null;
  outcome: GradeOutcome | null;
  published: boolean;
  comment: string | null;
  maxPoints: number;
  gradeVersion: number;
  at: string;
};

export type FoldedGrade = {
  subject: GradeEventSubject;
  courseId: number;
  itemId: number | null;
  points: number | null;
  outcome: GradeOutcome | null;
  published: boolean;
  comment: string | null;
  maxPoints: number;
  version: number;
  changedAt: string;
};

const keyOf = (e: { subject: GradeEventSubject; courseId: number; itemId: number | null }) =>
  `${e.subject}:${String(e.courseId)}:${String(e.itemId ?? 0)}`;

/**
 * The grades the events give, folded in id order: each event carries the values after it, the
 * comment only when it set one; a `transfer_out` removes the grade from this student.
 */
export function foldEvents(events: readonly LedgerEvent[]): Map<string, FoldedGrade> {
  const state = new Map<string, FoldedGrade>();
  for (const e of [...events].sort((a, b) => a.id - b.id)) {
    const key = keyOf(e);
    if (e.action === 'transfer_out') {
      state.delete(key);
      continue;
    }
    const before = state.get(key);
    state.set(key, {
      subject: e.subject,
      courseId: e.courseId,
      itemId: e.itemId,
      points: e.points,
      outcome: e.outcome,
      published: e.published,
      comment: KEEPS_COMMENT.has(e.action) ? (before?.comment ?? null) : e.comment,
      maxPoints: e.maxPoints,
      version: e.gradeVersion,
      changedAt: e.at,
    });
  }
  return state;
}

type Student = { id: number; firstName: string; lastName: string };

/** The courses of a student whose work the caller reaches (404 when none, as for an unknown id). */
async function reachedCourses(
  db: Db,
  auth: AuthContext,
  studentId: number,
): Promise<{ student: Student; courses: number[] }> {
  const row = await findReachedCourses(db, auth, studentId);
  if (!row?.courses?.length) throw notFound('The learner');
  return {
    student: { id: row.jwl_id, firstName: row.first_name, lastName: row.last_name },
    courses: row.courses,
  };
}

export function historyEntry(r: HistoryRow, learnerView: boolean): GradeHistoryEntry {
  // A learner never sees a draft's values: only what was published before or after.
  const hideOld = learnerView && r.old_published !== true;
  const hideNew = learnerView && !r.new_published;
  return {
    id: Number(r.id),
    subject: r.subject,
    action: r.action,
    course: { id: r.course_id, code: r.course_code, title: r.course_title },
    item: r.item_id === null ? null : { id: r.item_id, title: r.item_title ?? '' },
    old: {
      points: hideOld ? null : num(r.old_points),
      outcome: hideOld ? null : r.old_outcome,
      published: r.old_published,
    },
    new: {
      points: hideNew ? null : num(r.new_points),
      outcome: hideNew ? null : r.new_outcome,
      published: r.new_published,
    },
    comment: hideNew ? null : r.comment,
    maxPoints: Number(r.max_points),
    gradingSchemaId: r.grading_schema_id,
    gradingSchemaVersion: r.grading_schema_version,
    itemVersion: r.item_version,
    gradeVersion: r.grade_version,
    actor: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? '' },
    impersonator:
      r.impersonator_id === null || learnerView
        ? null
        : { id: r.impersonator_id, name: r.impersonator_name ?? '' },
    reason: r.reason,
    requestId: num(r.request_id),
    at: iso(r.at),
  };
}

function page(
  student: Student,
  found: HistoryRow[],
  limit: number,
  learnerView: boolean,
): GradeHistoryPage {
  const shown = found.slice(0, limit);
  return {
    student,
    entries: shown.map((r) => historyEntry(r, learnerView)),
    next: found.length > limit ? Number(shown.at(-1)?.id ?? 0) || null : null,
  };
}

/** GET …/student/:studentId/grade-history: every change, newest first, with who and why. */
export async function getGradeHistory(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  query: GradeHistoryQuery,
): Promise<GradeHistoryPage> {
  const { student, courses } = await reachedCourses(deps.db, auth, studentId);
  const found = await findHistoryRows(deps.db, studentId, { courses }, query);
  return page(student, found, query.limit, false);
}

/** GET …/my-grade-history: one's own changes that touched a published grade. */
export async function getMyGradeHistory(
  deps: Deps,
  auth: AuthContext,
  query: GradeHistoryQuery,
): Promise<GradeHistoryPage> {
  const student = {
    id: auth.user.jwlId,
    firstName: auth.user.firstName,
    lastName: auth.user.lastName,
  };
  const found = await findHistoryRows(deps.db, student.id, 'published', query);
  return page(student, found, query.limit, true);
}

const toEvent = (r: EventRow): LedgerEvent => ({
  id: Number(r.id),
  subject: r.subject,
  action: r.action,
  courseId: r.course_id,
  itemId: r.item_id,
  points: num(r.new_points),
  outcome: r.new_outcome,
  published: r.new_published,
  comment: r.comment,
  maxPoints: Number(r.max_points),
  gradeVersion: r.grade_version,
  at: iso(r.at),
});

/** A student's events up to a time (committed ones), in the order they happened. */
export async function eventsUntil(
  db: Db,
  studentId: number,
  at: string,
  courses: readonly number[] | null,
): Promise<LedgerEvent[]> {
  const found = await findEventRows(db, studentId, at, courses);
  return found.map(toEvent);
}

/** GET …/student/:studentId/grades-as-of: the student's grades as they stood at a time. */
export async function getStudentGradesAsOf(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
  query: { at: string; courseId?: number | undefined },
): Promise<StudentGradesAsOf> {
  const { student, courses } = await reachedCourses(deps.db, auth, studentId);
  const wanted = query.courseId ? courses.filter((c) => c === query.courseId) : courses;
  const folded = foldEvents(await eventsUntil(deps.db, studentId, query.at, wanted));
  const grades = [...folded.values()];
  const [courseRows, itemRows] = await Promise.all([
    findCourseNames(deps.db, wanted),
    findItemTitles(
      deps.db,
      grades.flatMap((g) => (g.itemId === null ? [] : [g.itemId])),
    ),
  ]);
  const course = new Map(courseRows.map((c) => [c.id, c]));
  const item = new Map(itemRows.map((i) => [i.id, i.title]));
  return {
    at: query.at,
    student,
    grades: grades.map((g): GradeAsOf => ({
      subject: g.subject,
      course: {
        id: g.courseId,
        code: course.get(g.courseId)?.code ?? '',
        title: course.get(g.courseId)?.title ?? '',
      },
      item: g.itemId === null ? null : { id: g.itemId, title: item.get(g.itemId) ?? '' },
      points: g.points,
      outcome: g.outcome,
      published: g.published,
      comment: g.comment,
      maxPoints: g.maxPoints,
      version: g.version,
      changedAt: g.changedAt,
    })),
  };
}
