import { sql } from 'drizzle-orm';
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
  type WbtStandard,
  type WbtSuccess,
} from '@lantern/contracts/wbt';
import { containsPattern, rows } from '../../../lib/sql';
import { decodeCursor, encodeCursor } from '../../../lib/cursor';
import { notFound } from '../../../lib/errors';
import type { ExportColumn } from '../../../lib/export';

/**
 * WBT_ALL (decision 0020 §2.7): every training, and a report per training by class — one
 * aggregate over the course's learners and their attempts. And the public face of trainings
 * marked public (§2.6), which reads only what a visitor may see.
 */

const PAGE = 50;

export async function listTrainings(db: Db, query: WbtListQuery): Promise<WbtList> {
  const after = query.cursor ? decodeCursor(query.cursor, 'title', 'asc') : null;
  const found = await rows<{
    item_id: number;
    title: string;
    unit_id: number;
    unit_title: string;
    course_id: number;
    course_title: string;
    programme_id: number;
    programme_title: string;
    standard: WbtStandard | null;
    is_public: boolean;
    published: boolean;
  }>(
    db,
    sql`select i.id as item_id, i.title, u.id as unit_id, u.title as unit_title, c.id as course_id,
          c.title as course_title, p.id as programme_id, p.title as programme_title, w.standard,
          coalesce((i.settings->>'isPublic')::boolean, false) as is_public,
          (i.is_published and u.status <> 'draft') as published
        from learning_items i
        join learning_units u on u.id = i.unit_id and u.deleted_at is null
        join programme_courses c on c.id = i.course_id
        join programmes p on p.id = c.programme_id
        left join wbt_packages w on w.id = (i.settings->>'packageId')::int
        where i.kind = 'wbt' and i.deleted_at is null
          ${query.q ? sql`and i.title ilike ${containsPattern(query.q)}` : sql``}
          ${query.programmeId ? sql`and p.id = ${query.programmeId}` : sql``}
          ${query.courseId ? sql`and c.id = ${query.courseId}` : sql``}
          ${after ? sql`and (i.title, i.id) > (${after.value ?? ''}, ${after.id})` : sql``}
        order by i.title, i.id
        limit ${PAGE + 1}`,
  );
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

type TrainingHead = {
  item_id: number;
  title: string;
  course_id: number;
  course_title: string;
  standard: WbtStandard | null;
};

async function trainingHead(db: Db, itemId: number): Promise<TrainingHead> {
  const [row] = await rows<TrainingHead>(
    db,
    sql`select i.id as item_id, i.title, c.id as course_id, c.title as course_title, w.standard
        from learning_items i
        join learning_units u on u.id = i.unit_id and u.deleted_at is null
        join programme_courses c on c.id = i.course_id
        left join wbt_packages w on w.id = (i.settings->>'packageId')::int
        where i.id = ${itemId} and i.kind = 'wbt' and i.deleted_at is null`,
  );
  if (!row) throw notFound('The training');
  return row;
}

/** Each learner's standing in one training: attempts, best completion, success and score. */
const perLearner = (itemId: number) => sql`
  select cl.student_id, cl.class_id, count(a.id)::int as attempts,
    coalesce(max(case a.completion when 'completed' then 2 when 'incomplete' then 1 else 0 end), 0) as completion_rank,
    coalesce(max(case a.success when 'passed' then 2 when 'failed' then 1 else 0 end), 0) as success_rank,
    max(a.score_scaled) as best_score, coalesce(sum(a.total_seconds), 0)::int as total_seconds,
    max(a.last_commit_at) as last_activity_at
  from learning_items i
  join course_learners cl on cl.course_id = i.course_id
  left join wbt_attempts a on a.item_id = i.id and a.student_id = cl.student_id
  where i.id = ${itemId}
  group by cl.student_id, cl.class_id`;

export async function report(db: Db, itemId: number): Promise<WbtReport> {
  const head = await trainingHead(db, itemId);
  const found = await rows<{
    class_id: number | null;
    class_name: string | null;
    learners: number;
    started: number;
    completed: number;
    passed: number;
    mean_best: string | number | null;
    median_seconds: string | number | null;
  }>(
    db,
    sql`with l as (${perLearner(itemId)})
        select l.class_id, k.name as class_name, count(*)::int as learners,
          count(*) filter (where l.attempts > 0)::int as started,
          count(*) filter (where l.completion_rank = 2)::int as completed,
          count(*) filter (where l.success_rank = 2)::int as passed,
          avg(l.best_score) as mean_best,
          percentile_cont(0.5) within group (order by l.total_seconds)
            filter (where l.attempts > 0) as median_seconds
        from l left join classes k on k.id = l.class_id
        group by l.class_id, k.name
        order by k.name nulls last, l.class_id`,
  );
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
  const found = await rows<{
    student_id: number;
    name: string;
    class_id: number | null;
    attempts: number;
    completion_rank: number;
    success_rank: number;
    best_score: string | number | null;
    total_seconds: number;
    last_activity_at: Date | string | null;
  }>(
    db,
    sql`with l as (${perLearner(itemId)})
        select l.*, u.last_name || ', ' || u.first_name as name
        from l join users u on u.jwl_id = l.student_id
        where true
          ${query.classId ? sql`and l.class_id = ${query.classId}` : sql``}
          ${after ? sql`and (u.last_name || ', ' || u.first_name, l.student_id) > (${after.value ?? ''}, ${after.id})` : sql``}
        order by u.last_name || ', ' || u.first_name, l.student_id
        limit ${PAGE + 1}`,
  );
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
  const [row] = await rows<{
    item_id: number;
    title: string;
    course_title: string;
    settings: unknown;
    standard: WbtStandard;
  }>(
    db,
    sql`select i.id as item_id, i.title, c.title as course_title, i.settings, w.standard
        from learning_items i
        join learning_units u on u.id = i.unit_id and u.deleted_at is null
        join programme_courses c on c.id = i.course_id
        join wbt_packages w on w.id = (i.settings->>'packageId')::int
        where i.id = ${itemId} and i.kind = 'wbt' and i.deleted_at is null and i.is_published
          and u.status <> 'draft' and (u.opens_at is null or u.opens_at <= now())
          and coalesce((i.settings->>'isPublic')::boolean, false)`,
  );
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
