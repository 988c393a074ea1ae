import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type {
  GradeEventAction,
  GradeEventSubject,
  GradeOutcome,
} from '@lantern/contracts/learning-enums';
import type {
  GradeAsOf,
  GradeBookAsOf,
  gradeBookAsOfExportQuerySchema,
  GradeHistoryEntry,
  GradeHistoryPage,
  GradeHistoryQuery,
  StudentGradesAsOf,
} from '@lantern/contracts/ledger';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import { sendExport, type ExportColumn } from '../../../lib/export';
import { learnerReach, loadCourseInReach } from '../../../lib/learning-scope';
import { intArray, pgArray, rows } from '../../../lib/sql';

// Reads of the grade ledger (decision 0021): a student's history, newest first; a student's
// grades as of a time, folded from their events; a class's published grade book as of a time.
// Every read goes through `grade_events_student_idx (student_id, id)`.

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
  const [row] = await rows<{
    jwl_id: number;
    first_name: string;
    last_name: string;
    courses: number[] | null;
  }>(
    db,
    sql`select u.jwl_id, u.first_name, u.last_name,
          (select array_agg(distinct cl.course_id) from course_learners cl
            where cl.student_id = u.jwl_id and ${learnerReach('cl', auth)}) as courses
        from users u where u.jwl_id = ${studentId}`,
  );
  if (!row?.courses?.length) throw notFound('The learner');
  return {
    student: { id: row.jwl_id, firstName: row.first_name, lastName: row.last_name },
    courses: row.courses,
  };
}

export type HistoryRow = {
  id: string | number;
  subject: GradeEventSubject;
  action: GradeEventAction;
  course_id: number;
  course_code: string;
  course_title: string;
  item_id: number | null;
  item_title: string | null;
  old_points: string | number | null;
  new_points: string | number | null;
  old_outcome: GradeOutcome | null;
  new_outcome: GradeOutcome | null;
  old_published: boolean | null;
  new_published: boolean;
  comment: string | null;
  max_points: string | number;
  grading_schema_id: number | null;
  grading_schema_version: number | null;
  item_version: number | null;
  grade_version: number;
  actor_id: number | null;
  actor_name: string | null;
  impersonator_id: number | null;
  impersonator_name: string | null;
  reason: string | null;
  request_id: string | number | null;
  at: Date | string;
};

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

/** The ledger's fixed-width columns: all in `grade_events_student_idx`, so no table visit. */
const HISTORY_COLUMNS = sql`e.id, e.subject, e.action, e.course_id, e.item_id, e.old_points,
  e.new_points, e.old_outcome, e.new_outcome, e.old_published, e.new_published, e.max_points,
  e.grading_schema_id, e.grading_schema_version, e.item_version, e.grade_version, e.actor_id,
  e.impersonator_id, e.request_id, e.at, e.has_text`;

async function historyPage(
  db: Db,
  studentId: number,
  filters: SQL[],
  query: GradeHistoryQuery,
): Promise<HistoryRow[]> {
  const where: SQL[] = [sql`e.student_id = ${studentId}`, ...filters];
  if (query.courseId) where.push(sql`e.course_id = ${query.courseId}`);
  if (query.before) where.push(sql`e.id < ${query.before}`);
  // Newest first by id: an index-only backward scan of (student_id, id), whatever the ledger's
  // size and wherever the student's events lie in the table.
  const found = await rows<Omit<HistoryRow, 'comment' | 'reason'> & { has_text: boolean }>(
    db,
    sql`select e.*, c.code as course_code, c.title as course_title, i.title as item_title,
          a.first_name || ' ' || a.last_name as actor_name,
          im.first_name || ' ' || im.last_name as impersonator_name
        from (select ${HISTORY_COLUMNS} from grade_events e where ${sql.join(where, sql` and `)}
              order by e.id desc limit ${query.limit + 1}) e
        join programme_courses c on c.id = e.course_id
        left join learning_items i on i.id = e.item_id
        left join users a on a.jwl_id = e.actor_id
        left join users im on im.jwl_id = e.impersonator_id
        order by e.id desc`,
  );
  // Then the text of the events that carry some, by primary key: only those visit the table.
  const withText = found.filter((r) => r.has_text).map((r) => Number(r.id));
  const texts =
    withText.length === 0
      ? []
      : await rows<{ id: string | number; comment: string | null; reason: string | null }>(
          db,
          sql`select id, comment, reason from grade_events
              where id = any(${pgArray(withText)}::text::bigint[])`,
        );
  const textOf = new Map(texts.map((t) => [Number(t.id), t]));
  return found.map((r) => {
    const text = textOf.get(Number(r.id));
    return { ...r, comment: text?.comment ?? null, reason: text?.reason ?? null };
  });
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
  const found = await historyPage(
    deps.db,
    studentId,
    [sql`e.course_id = any(${intArray(courses)})`],
    query,
  );
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
  const found = await historyPage(
    deps.db,
    student.id,
    [sql`(e.new_published or coalesce(e.old_published, false))`],
    query,
  );
  return page(student, found, query.limit, true);
}

type EventRow = {
  id: string | number;
  subject: GradeEventSubject;
  action: GradeEventAction;
  course_id: number;
  item_id: number | null;
  new_points: string | number | null;
  new_outcome: GradeOutcome | null;
  new_published: boolean;
  comment: string | null;
  max_points: string | number;
  grade_version: number;
  at: Date | string;
};

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
  const found = await rows<EventRow>(
    db,
    sql`select id, subject, action, course_id, item_id, new_points, new_outcome, new_published,
          comment, max_points, grade_version, at
        from grade_events
        where student_id = ${studentId} and at <= ${at}
          ${courses === null ? sql`` : sql`and course_id = any(${intArray(courses)})`}
        order by id`,
  );
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
    rows<{ id: number; code: string; title: string }>(
      deps.db,
      sql`select id, code, title from programme_courses where id = any(${intArray(wanted)})`,
    ),
    rows<{ id: number; title: string }>(
      deps.db,
      sql`select id, title from learning_items
          where id = any(${intArray(grades.flatMap((g) => (g.itemId === null ? [] : [g.itemId])))})`,
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

type Column = {
  id: number;
  title: string;
  unit_title: string;
  max_points: string | number;
  weight: string | number | null;
};

/** GET …/course/:courseId/grade-book/as-of: a class's published grades as learners saw them then. */
export async function getGradeBookAsOf(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  query: { classId: number; at: string },
): Promise<GradeBookAsOf> {
  await loadCourseInReach(deps.db, auth, courseId);
  const [head] = await rows<{
    code: string;
    title: string;
    weighting: string;
    class_name: string | null;
    scale_max: string | number | null;
  }>(
    deps.db,
    sql`select c.code, c.title, c.grade_weighting as weighting,
          (select k.name from classes k where k.id = ${query.classId} and k.programme_id = c.programme_id)
            as class_name,
          -- The schema's scale as it was then: its last version recorded by that time.
          coalesce((select v.scale_max from grading_schema_versions v
                      where v.grading_schema_id = p.grading_schema_id and v.created_at <= ${query.at}
                      order by v.version desc limit 1), gs.scale_max) as scale_max
        from programme_courses c join programmes p on p.id = c.programme_id
        left join grading_schemas gs on gs.id = p.grading_schema_id
        where c.id = ${courseId}`,
  );
  if (!head || head.class_name === null) throw notFound('The class');
  const [columns, learners] = await Promise.all([
    // The graded items that existed then and were not yet deleted.
    rows<Column>(
      deps.db,
      sql`select i.id, i.title, u.title as unit_title, i.max_points, i.weight
          from learning_items i join learning_units u on u.id = i.unit_id
          where i.course_id = ${courseId} and i.max_points is not null
            and i.created_at <= ${query.at}
            and (i.deleted_at is null or i.deleted_at > ${query.at})
          order by u.position, u.id, i.position, i.id`,
    ),
    rows<{ student_id: number; first_name: string; last_name: string }>(
      deps.db,
      sql`select cl.student_id, u.first_name, u.last_name
          from course_learners cl join users u on u.jwl_id = cl.student_id
          where cl.course_id = ${courseId} and cl.class_id = ${query.classId}
            and ${learnerReach('cl', auth)}
          order by lower(u.last_name), lower(u.first_name), u.jwl_id`,
    ),
  ]);
  // The last event of each cell up to the time, per learner by (student_id, id).
  const cells = await rows<{
    student_id: number;
    item_id: number;
    new_points: string | number | null;
    new_outcome: GradeOutcome | null;
    new_published: boolean;
    max_points: string | number;
    action: GradeEventAction;
  }>(
    deps.db,
    sql`select distinct on (student_id, item_id) student_id, item_id, new_points, new_outcome,
          new_published, max_points, action
        from grade_events
        where student_id = any(${intArray(learners.map((l) => l.student_id))})
          and course_id = ${courseId} and subject = 'task' and at <= ${query.at}
        order by student_id, item_id, id desc`,
  );
  const byCell = new Map(cells.map((c) => [`${String(c.student_id)}:${String(c.item_id)}`, c]));
  const scaleMax = num(head.scale_max);
  const weights = head.weighting === 'weights';
  return {
    at: query.at,
    course: { id: courseId, code: head.code, title: head.title },
    class: { id: query.classId, name: head.class_name },
    columns: columns.map((c) => ({
      id: c.id,
      title: c.title,
      unitTitle: c.unit_title,
      maxPoints: Number(c.max_points),
    })),
    rows: learners.map((l) => {
      let points = 0;
      let earned = 0;
      let possible = 0;
      const shown = columns.map((col) => {
        const e = byCell.get(`${String(l.student_id)}:${String(col.id)}`);
        if (!e || !e.new_published || e.action === 'transfer_out' || e.new_outcome === null)
          return null;
        const p = num(e.new_points);
        if (e.new_outcome === 'graded' && p !== null) {
          const max = Number(e.max_points);
          const w = weights ? (num(col.weight) ?? 1) : max;
          points += p;
          earned += (w * p) / max;
          possible += w;
        }
        return { points: p, outcome: e.new_outcome };
      });
      return {
        studentId: l.student_id,
        firstName: l.first_name,
        lastName: l.last_name,
        cells: shown,
        points: Math.round(points * 100) / 100,
        soFar:
          scaleMax === null || possible === 0
            ? null
            : Math.round((earned / possible) * scaleMax * 100) / 100,
      };
    }),
  };
}

/** GET …/grade-book/as-of/export: the same rows as CSV or XLSX. */
export async function exportGradeBookAsOf(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  query: z.output<typeof gradeBookAsOfExportQuerySchema>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const book = await getGradeBookAsOf(deps, auth, courseId, query);
  type Row = GradeBookAsOf['rows'][number];
  const columns: ExportColumn<Row>[] = [
    { header: 'Last name', value: (r) => r.lastName },
    { header: 'First name', value: (r) => r.firstName },
    ...book.columns.map((c, i): ExportColumn<Row> => ({
      header: `${c.unitTitle} — ${c.title} (${String(c.maxPoints)})`,
      value: (r) => {
        const cell = r.cells[i];
        if (!cell) return null;
        return cell.outcome === 'returned' ? 'Returned for rework' : cell.points;
      },
    })),
    { header: 'Published points', value: (r) => r.points },
    { header: 'Result so far', value: (r) => r.soFar },
  ];
  return sendExport(reply, {
    format: query.format,
    filename: `grade-book-${book.course.code}-${book.class.name}-as-of-${book.at.slice(0, 10)}`,
    columns,
    batches: (async function* () {
      yield book.rows;
    })(),
  });
}
