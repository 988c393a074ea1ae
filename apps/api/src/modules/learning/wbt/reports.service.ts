import type { Db } from '@lantern/db/client';
import {
  wbtSettingsSchema,
  type PublicWbt,
  type WbtCompletion,
  type WbtList,
  type WbtListQuery,
  type WbtReport,
  type WbtReportLearner,
  type WbtReportLearners,
  type WbtSuccess,
} from '@lantern/contracts/wbt';
import { decodeCursor, encodeCursor } from '../../../lib/cursor';
import { notFound } from '../../../lib/errors';
import type { ExportColumn } from '../../../lib/export';
import {
  PAGE,
  findPublicTraining,
  findReportClasses,
  findReportLearners,
  findTrainingHead,
  findTrainings,
  type TrainingHead,
} from './reports.repository';

/**
 * WBT_ALL (decision 0020 §2.7): every training, and a report per training by class — one
 * aggregate over the course's learners and their attempts. And the public face of trainings
 * marked public (§2.6), which reads only what a visitor may see.
 */

export async function listTrainings(db: Db, query: WbtListQuery): Promise<WbtList> {
  const after = query.cursor ? decodeCursor(query.cursor, 'title', 'asc') : null;
  const found = await findTrainings(db, query, after);
  const page = found.slice(0, PAGE);
  const last = page.at(-1);
  return {
    rows: page.map((r) => ({
      itemId: r.item_id,
      title: r.title,
      unitId: r.unit_id,
      unitTitle: r.unit_title,
      courseId: r.course_id,
      courseTitle: r.course_title,
      programmeId: r.programme_id,
      programmeTitle: r.programme_title,
      standard: r.standard ?? 'html',
      isPublic: r.is_public,
      published: r.published,
    })),
    nextCursor:
      found.length > PAGE && last
        ? encodeCursor({ sort: 'title', dir: 'asc', value: last.title, id: last.item_id })
        : null,
  };
}

async function trainingHead(db: Db, itemId: number): Promise<TrainingHead> {
  const row = await findTrainingHead(db, itemId);
  if (!row) throw notFound('The training');
  return row;
}

export async function report(db: Db, itemId: number): Promise<WbtReport> {
  const head = await trainingHead(db, itemId);
  const found = await findReportClasses(db, itemId);
  return {
    itemId: head.item_id,
    title: head.title,
    courseId: head.course_id,
    courseTitle: head.course_title,
    standard: head.standard ?? 'html',
    classes: found.map((r) => ({
      classId: r.class_id,
      className: r.class_name ?? 'No class',
      learners: r.learners,
      started: r.started,
      completed: r.completed,
      passed: r.passed,
      meanBestScore:
        r.mean_best === null ? null : Math.round(Number(r.mean_best) * 10_000) / 10_000,
      medianSeconds: r.median_seconds === null ? null : Number(r.median_seconds),
    })),
  };
}

const COMPLETION: WbtCompletion[] = ['unknown', 'incomplete', 'completed'];
const SUCCESS: WbtSuccess[] = ['unknown', 'failed', 'passed'];

export async function reportLearners(
  db: Db,
  itemId: number,
  query: { classId?: number | undefined; cursor?: string | undefined },
): Promise<WbtReportLearners> {
  await trainingHead(db, itemId);
  const after = query.cursor ? decodeCursor(query.cursor, 'name', 'asc') : null;
  const found = await findReportLearners(db, itemId, query, after);
  const page = found.slice(0, PAGE);
  const last = page.at(-1);
  return {
    rows: page.map((r) => ({
      studentId: r.student_id,
      name: r.name,
      classId: r.class_id,
      attempts: r.attempts,
      completion: COMPLETION[r.completion_rank] ?? 'unknown',
      success: SUCCESS[r.success_rank] ?? 'unknown',
      bestScore: r.best_score === null ? null : Number(r.best_score),
      totalSeconds: r.total_seconds,
      lastActivityAt:
        r.last_activity_at === null ? null : new Date(r.last_activity_at).toISOString(),
    })),
    nextCursor:
      found.length > PAGE && last
        ? encodeCursor({ sort: 'name', dir: 'asc', value: last.name, id: last.student_id })
        : null,
  };
}

// ---- the report's CSV (§2.7) ----

export type ExportRow = WbtReportLearner & { className: string };

/** The learners' page's columns, plus the class; scores in percent, time in seconds. */
export const REPORT_EXPORT_COLUMNS: ExportColumn<ExportRow>[] = [
  { header: 'Learner', value: (r) => r.name },
  { header: 'Learner ID', value: (r) => r.studentId },
  { header: 'Class', value: (r) => r.className },
  { header: 'Attempts', value: (r) => r.attempts },
  { header: 'Completion', value: (r) => r.completion },
  { header: 'Result', value: (r) => r.success },
  {
    header: 'Best score (%)',
    value: (r) => (r.bestScore === null ? null : Math.round(r.bestScore * 1000) / 10),
  },
  { header: 'Time spent (s)', value: (r) => r.totalSeconds },
  { header: 'Last activity', value: (r) => r.lastActivityAt },
];

/**
 * The report's learners, one class or all, page by page as the learners' route reads them. The
 * training is looked up first, so an unknown one is a 404 before any header is sent.
 */
export async function reportExport(
  db: Db,
  itemId: number,
  classId: number | undefined,
): Promise<AsyncGenerator<ExportRow[]>> {
  const head = await report(db, itemId);
  const classNames = new Map(head.classes.map((c) => [c.classId, c.className]));
  async function* batches(): AsyncGenerator<ExportRow[]> {
    let cursor: string | undefined;
    do {
      const page = await reportLearners(db, itemId, { classId, cursor });
      yield page.rows.map((r) => ({ ...r, className: classNames.get(r.classId) ?? '' }));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return batches();
}

// ---- public (§2.6) ----

export type PublicTraining = PublicWbt & { packageId: number };

/** A training marked public, published in a released unit, not deleted; else 404. */
export async function publicTraining(db: Db, itemId: number): Promise<PublicTraining> {
  const row = await findPublicTraining(db, itemId);
  const settings = wbtSettingsSchema.safeParse(row?.settings);
  if (!row || !settings.success) throw notFound('The training');
  return {
    itemId: row.item_id,
    title: row.title,
    courseTitle: row.course_title,
    standard: row.standard,
    display: settings.data.display,
    packageId: settings.data.packageId,
  };
}
