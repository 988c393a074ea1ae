import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { WbtListQuery, WbtStandard } from '@lantern/contracts/wbt';
import type { Cursor } from '../../../lib/cursor';
import { containsPattern, rows } from '../../../lib/sql';

/** Reads of every training (WBT_ALL), its report by class and learner, and public trainings. */

export const PAGE = 50;

export type TrainingListRow = {
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
};

/** One page (and one row more) of trainings by title, after the cursor. */
export async function findTrainings(
  db: Db,
  query: WbtListQuery,
  after: Cursor | null,
): Promise<TrainingListRow[]> {
  return rows<TrainingListRow>(
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
}

export type TrainingHead = {
  item_id: number;
  title: string;
  course_id: number;
  course_title: string;
  standard: WbtStandard | null;
};

export async function findTrainingHead(db: Db, itemId: number): Promise<TrainingHead | undefined> {
  const [row] = await rows<TrainingHead>(
    db,
    sql`select i.id as item_id, i.title, c.id as course_id, c.title as course_title, w.standard
        from learning_items i
        join learning_units u on u.id = i.unit_id and u.deleted_at is null
        join programme_courses c on c.id = i.course_id
        left join wbt_packages w on w.id = (i.settings->>'packageId')::int
        where i.id = ${itemId} and i.kind = 'wbt' and i.deleted_at is null`,
  );
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

export type ReportClassRow = {
  class_id: number | null;
  class_name: string | null;
  learners: number;
  started: number;
  completed: number;
  passed: number;
  mean_best: string | number | null;
  median_seconds: string | number | null;
};

/** The training's learners summed up per class. */
export async function findReportClasses(db: Db, itemId: number): Promise<ReportClassRow[]> {
  return rows<ReportClassRow>(
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
}

export type ReportLearnerRow = {
  student_id: number;
  name: string;
  class_id: number | null;
  attempts: number;
  completion_rank: number;
  success_rank: number;
  best_score: string | number | null;
  total_seconds: number;
  last_activity_at: Date | string | null;
};

/** One page (and one row more) of the training's learners by name, one class or all. */
export async function findReportLearners(
  db: Db,
  itemId: number,
  query: { classId?: number | undefined },
  after: Cursor | null,
): Promise<ReportLearnerRow[]> {
  return rows<ReportLearnerRow>(
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
}

/** A training marked public, published in a released unit, not deleted. */
export async function findPublicTraining(
  db: Db,
  itemId: number,
): Promise<
  | {
      item_id: number;
      title: string;
      course_title: string;
      settings: unknown;
      standard: WbtStandard;
    }
  | undefined
> {
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
  return row;
}
