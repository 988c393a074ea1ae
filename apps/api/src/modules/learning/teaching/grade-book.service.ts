import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type {
  GradeBook,
  GradeBookCell,
  GradeBookCellInput,
  GradeBookQuery,
  gradeBookExportQuerySchema,
} from '@lantern/contracts/teaching';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, notFound } from '../../../lib/errors';
import { decodeCursor, encodeCursor } from '../../../lib/cursor';
import { sendExport, type ExportColumn } from '../../../lib/export';
import { isLearner, loadCourseInReach, loadLearnerInReach } from '../../../lib/learning-scope';
import { applyGradeEvent, findGrade, GradeChanged } from './grade-events';
import { changedSentence, PUBLISHED_SENTENCE } from './grading.service';
import { assertMayGrade, gradedDeliveries } from './responsibility';
import { courseResult } from './result';
import { courseDenominators } from './result.repository';
import * as repo from './teaching.repository';
import {
  findBookClasses,
  findBookUnits,
  findClassNames,
  findHead,
  findLatestSubmittedId,
  findLearnerPage,
  SEP,
  type Head,
  type LearnerRow,
} from './grade-book.repository';

// The grade book of decision 0019: a course's graded items as columns, the learners the caller
// reaches as rows (keyset by last name, first name, id; 50 a page), each cell
// [state, points, published, late, version], totals from course_progress. A page is three index
// reads after the columns: the learners, their grades, their latest attempts.

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

async function loadHead(db: Db, courseId: number): Promise<Head> {
  const head = await findHead(db, courseId);
  if (!head) throw notFound('The course');
  return head;
}

/** One page of learners, in keyset order; `cursor` from the previous page's last row. */
async function learnerPage(
  db: Db,
  auth: AuthContext,
  courseId: number,
  query: Pick<GradeBookQuery, 'classId' | 'q' | 'sort' | 'dir' | 'cursor'>,
  limit: number,
): Promise<LearnerRow[]> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, query.dir) : null;
  return findLearnerPage(db, auth, courseId, query, cursor, limit);
}

const cursorOf = (sort: GradeBookQuery['sort'], dir: GradeBookQuery['dir'], r: LearnerRow) =>
  encodeCursor({
    sort,
    dir,
    value: sort === 'total' ? String(Number(r.points)) : `${r.lname}${SEP}${r.fname}`,
    id: r.student_id,
  });

function cellOf(c: repo.CellRow | undefined): GradeBookCell {
  return [
    repo.cellState(c),
    repo.cellPoints(c),
    c?.g_published ?? false,
    c?.sub_late ?? false,
    c?.g_version ?? 0,
  ];
}

type BuiltRows = GradeBook['rows'];

async function buildRows(
  db: Db,
  learners: LearnerRow[],
  tasks: repo.TaskRow[],
  allTasks: repo.TaskRow[],
  head: Head,
  courseId: number,
): Promise<BuiltRows> {
  // One read serves the page's columns and "so far", which counts every column's grades.
  const [cells, denominatorsOf] = await Promise.all([
    repo.findCells(
      db,
      courseId,
      learners.map((l) => l.student_id),
      allTasks.map((t) => t.id),
    ),
    courseDenominators(db, [courseId]),
  ]);
  // By student, then item: number keys, not a string built for each of the page's cells.
  const byStudent = new Map<number, Map<number, repo.CellRow>>();
  for (const c of cells) {
    const own = byStudent.get(c.student_id);
    if (own) own.set(c.item_id, c);
    else byStudent.set(c.student_id, new Map([[c.item_id, c]]));
  }
  const denominators = denominatorsOf.get(courseId);
  const scaleMax = num(head.scale_max);
  const maxOf = new Map(allTasks.map((t) => [t.id, Number(t.max_points)]));
  const weightOf = new Map(allTasks.map((t) => [t.id, num(t.weight) ?? 1]));
  const soFarDen = new Map<number, { max: number; weights: number }>();
  for (const c of cells) {
    if (!c.g_published || c.g_outcome !== 'graded') continue;
    const d = soFarDen.get(c.student_id) ?? { max: 0, weights: 0 };
    d.max += maxOf.get(c.item_id) ?? 0;
    d.weights += weightOf.get(c.item_id) ?? 1;
    soFarDen.set(c.student_id, d);
  }
  return learners.map((l) => {
    const totals = { points: Number(l.points), weighted: Number(l.weighted) };
    const d = soFarDen.get(l.student_id);
    const own = byStudent.get(l.student_id);
    const soFar =
      d && scaleMax !== null && denominators
        ? courseResult(
            { ...denominators, tasks: 1, maxPoints: d.max, weights: d.weights },
            totals,
            scaleMax,
          )
        : null;
    return {
      studentId: l.student_id,
      firstName: l.first_name,
      lastName: l.last_name,
      classId: l.class_id,
      mayGrade: l.may_grade,
      cells: tasks.map((t) => cellOf(own?.get(t.id))),
      points: totals.points,
      result: courseResult(denominators, totals, scaleMax),
      soFar,
    };
  });
}

/** GET …/course/:courseId/grade-book. */
export async function getGradeBook(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  query: GradeBookQuery,
): Promise<GradeBook> {
  await loadCourseInReach(deps.db, auth, courseId);
  const [head, allTasks, learners, classes, units] = await Promise.all([
    loadHead(deps.db, courseId),
    repo.findTasks(deps.db, courseId),
    learnerPage(deps.db, auth, courseId, query, query.limit + 1),
    findBookClasses(deps.db, auth, courseId),
    findBookUnits(deps.db, courseId),
  ]);
  const tasks = query.unitId ? allTasks.filter((t) => t.unit_id === query.unitId) : allTasks;
  const mayEdit = auth.rights.has('GRADE_BOOK__EDIT') && !isLearner(auth);
  // The one responsibility rule the save asks (assertMayGrade): per column by the task's
  // delivery, per row by the grading scope, so the grid shows read-only what the save refuses.
  const graded = mayEdit ? gradedDeliveries(auth) : [];
  const page = learners.slice(0, query.limit);
  const last = page.at(-1);
  return {
    course: {
      id: head.id,
      code: head.code,
      title: head.title,
      weighting: head.weighting === 'weights' ? 'weights' : 'points',
      scaleMax: num(head.scale_max),
    },
    units,
    columns: tasks.map((t) => ({
      id: t.id,
      unitId: t.unit_id,
      title: t.title,
      maxPoints: Number(t.max_points),
      weight: num(t.weight),
      delivery: t.delivery,
      mayGrade: graded.includes(t.delivery),
    })),
    classes,
    rows: await buildRows(deps.db, page, tasks, allTasks, head, courseId),
    nextCursor:
      learners.length > query.limit && last ? cursorOf(query.sort, query.dir, last) : null,
    mayEdit,
  };
}

async function currentCell(
  db: Db,
  courseId: number,
  studentId: number,
  itemId: number,
): Promise<GradeBookCell> {
  const [c] = await repo.findCells(db, courseId, [studentId], [itemId]);
  return cellOf(c);
}

/** PUT …/grade-book/cell: a draft grade entered inline, refused when someone changed it. */
export async function saveCell(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  input: GradeBookCellInput,
): Promise<{ cell: GradeBookCell }> {
  await loadCourseInReach(deps.db, auth, courseId);
  const task = (await repo.findTasks(deps.db, courseId)).find((t) => t.id === input.itemId);
  if (!task) throw notFound('The task');
  const learner = await loadLearnerInReach(deps.db, auth, courseId, input.studentId);
  assertMayGrade(auth, { delivery: task.delivery }, learner.inGradingScope);
  const maxPoints = Number(task.max_points);
  if (input.points !== null && input.points > maxPoints)
    throw new AppError(400, 'VALIDATION', `At most ${String(maxPoints)} points.`, {
      fields: { points: `At most ${String(maxPoints)}` },
    });
  const head = await loadHead(deps.db, courseId);
  try {
    await deps.db.transaction(async (tx) => {
      const current = await findGrade(tx, task.id, input.studentId, true);
      if (current?.isPublished) throw new AppError(409, 'GRADE_PUBLISHED', PUBLISHED_SENTENCE);
      if (input.points === null) {
        if (current === null) return;
        throw new AppError(
          400,
          'VALIDATION',
          'A saved grade cannot be emptied; enter the points, or return the work on its grade page.',
          { fields: { points: 'Enter the points' } },
        );
      }
      const latest = await findLatestSubmittedId(tx, task.id, input.studentId);
      await applyGradeEvent(tx, {
        action: 'save',
        itemId: task.id,
        studentId: input.studentId,
        courseId,
        expectedVersion: input.version,
        values: {
          submissionId: latest ?? current?.submissionId ?? null,
          outcome: 'graded',
          points: input.points,
          comment: current?.comment ?? null,
          rubricScores: null,
        },
        maxPoints,
        weight: num(task.weight),
        itemVersion: task.version,
        gradingSchemaId: head.grading_schema_id,
        gradingSchemaVersion: head.schema_version,
        actorId: auth.user.jwlId,
        impersonatorId: auth.impersonating ? auth.realUser.jwlId : null,
      });
    });
  } catch (error) {
    if (error instanceof GradeChanged)
      throw new AppError(
        409,
        'GRADE_CHANGED',
        await changedSentence(deps.db, error.currentGrade, input.points),
        { current: await currentCell(deps.db, courseId, input.studentId, task.id) },
      );
    throw error;
  }
  return { cell: await currentCell(deps.db, courseId, input.studentId, task.id) };
}

const STATE_TEXT: Record<GradeBookCell[0], string> = {
  not_started: '',
  draft: '',
  submitted: 'Submitted',
  graded: '',
  returned: 'Returned',
};

/** GET …/grade-book/export: every row in reach, streamed 500 at a time. */
export async function exportGradeBook(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  query: z.output<typeof gradeBookExportQuerySchema>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  await loadCourseInReach(deps.db, auth, courseId);
  const [head, allTasks, classes] = await Promise.all([
    loadHead(deps.db, courseId),
    repo.findTasks(deps.db, courseId),
    findClassNames(deps.db),
  ]);
  const tasks = query.unitId ? allTasks.filter((t) => t.unit_id === query.unitId) : allTasks;
  const className = new Map(classes.map((k) => [k.id, k.name]));
  type Row = BuiltRows[number];
  const columns: ExportColumn<Row>[] = [
    { header: 'Last name', value: (r) => r.lastName },
    { header: 'First name', value: (r) => r.firstName },
    { header: 'Class', value: (r) => (r.classId === null ? '' : (className.get(r.classId) ?? '')) },
    ...tasks.map((t, i): ExportColumn<Row> => ({
      header: `${t.unit_title} — ${t.title} (${String(Number(t.max_points))})`,
      value: (r) => {
        const cell = r.cells[i];
        if (!cell) return null;
        const [state, points, published] = cell;
        if (points !== null) return published ? points : `${String(points)} (draft)`;
        return STATE_TEXT[state] || null;
      },
    })),
    { header: 'Published points', value: (r) => r.points },
    {
      header: `Result${head.scale_max === null ? '' : ` (of ${String(Number(head.scale_max))})`}`,
      value: (r) => r.result,
    },
  ];
  const batches = async function* () {
    let cursor: string | undefined;
    for (;;) {
      const learners = await learnerPage(
        deps.db,
        auth,
        courseId,
        { classId: query.classId, q: query.q, sort: 'name', dir: 'asc', cursor },
        500,
      );
      if (learners.length === 0) return;
      yield await buildRows(deps.db, learners, tasks, allTasks, head, courseId);
      const last = learners.at(-1);
      if (learners.length < 500 || !last) return;
      cursor = cursorOf('name', 'asc', last);
    }
  };
  return sendExport(reply, {
    format: query.format,
    filename: `grade-book-${head.code}`,
    columns,
    batches: batches(),
  });
}
