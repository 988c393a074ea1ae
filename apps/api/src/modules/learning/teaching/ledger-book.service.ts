import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { GradeBookAsOf, gradeBookAsOfExportQuerySchema } from '@lantern/contracts/ledger';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import { sendExport, type ExportColumn } from '../../../lib/export';
import { loadCourseInReach } from '../../../lib/learning-scope';
import {
  findAsOfCells,
  findAsOfColumns,
  findAsOfHead,
  findAsOfLearners,
} from './ledger-book.repository';

// A class's published grade book as of a time (decision 0021), folded from the ledger: the last
// event of each cell up to that time.

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** GET …/course/:courseId/grade-book/as-of: a class's published grades as learners saw them then. */
export async function getGradeBookAsOf(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  query: { classId: number; at: string },
): Promise<GradeBookAsOf> {
  await loadCourseInReach(deps.db, auth, courseId);
  const head = await findAsOfHead(deps.db, courseId, query.classId, query.at);
  if (!head || head.class_name === null) throw notFound('The class');
  const [columns, learners] = await Promise.all([
    findAsOfColumns(deps.db, courseId, query.at),
    findAsOfLearners(deps.db, auth, courseId, query.classId),
  ]);
  const cells = await findAsOfCells(
    deps.db,
    courseId,
    learners.map((l) => l.student_id),
    query.at,
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
