import { sql, type SQL } from 'drizzle-orm';
import type { MyGradesQuery } from '@lantern/contracts/learning-work';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import type { Db } from '@lantern/db/client';
import { intArray, rows } from '../../../lib/sql';
import { UNDER_REVIEW } from './work.repository';

// The reads of the learner's own grades and progress pages (learner-pages.service.ts): all the
// caller's own, by their JWL-ID.

/** Counted items of a course (the denominators of progress), as progress.repository.ts counts them. */
export const COUNTED_ITEMS = sql`select i.course_id, count(*)::int as items,
    count(*) filter (where i.max_points is not null)::int as tasks
  from learning_items i join learning_units u on u.id = i.unit_id
  where i.counts_for_progress and i.is_published and i.deleted_at is null
    and u.deleted_at is null and u.status <> 'draft'`;

export type GradeRow = {
  item_id: number;
  kind: ItemKind;
  title: string;
  course_id: number;
  course_code: string;
  course_title: string;
  submission_id: number | null;
  outcome: 'graded' | 'returned';
  points: string | number | null;
  max_points: string | number;
  comment: string | null;
  published_at: Date | string;
  under_review: boolean;
};

const GRADE_COLUMNS = sql`g.item_id, i.kind, i.title, c.id as course_id, c.code as course_code,
  c.title as course_title, g.submission_id::int as submission_id, g.outcome, g.points, g.max_points,
  g.comment, g.published_at, ${UNDER_REVIEW} as under_review`;

/** Stamps the learner's published grades of these items seen. */
export async function markGradesSeen(
  db: Db,
  studentId: number,
  itemIds: readonly number[],
): Promise<void> {
  await db.execute(
    sql`update grades set learner_seen_at = now()
        where student_id = ${studentId} and is_published and learner_seen_at is null
          and item_id = any(${intArray(itemIds)})`,
  );
}

/** The learner's five latest published grades. */
export async function findLatestGrades(db: Db, me: number): Promise<GradeRow[]> {
  return rows<GradeRow>(
    db,
    sql`select ${GRADE_COLUMNS} from grades g join learning_items i on i.id = g.item_id
        join programme_courses c on c.id = g.course_id
        where g.student_id = ${me} and g.is_published and i.deleted_at is null
        order by g.published_at desc, g.item_id limit 5`,
  );
}

/** A page of the learner's published grades, their number, and the courses they are in. */
export async function findMyGrades(db: Db, me: number, query: MyGradesQuery) {
  const where = sql`g.student_id = ${me} and g.is_published and i.deleted_at is null
    ${query.courseId ? sql`and g.course_id = ${query.courseId}` : sql``}`;
  const order: SQL =
    query.sort === 'course'
      ? sql`c.code, c.id, g.published_at desc, g.item_id`
      : sql`g.published_at desc, g.item_id`;
  const offset = (query.page - 1) * query.limit;
  const [items, total, courses] = await Promise.all([
    rows<GradeRow>(
      db,
      sql`select ${GRADE_COLUMNS} from grades g join learning_items i on i.id = g.item_id
          join programme_courses c on c.id = g.course_id
          where ${where} order by ${order} limit ${query.limit} offset ${offset}`,
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from grades g join learning_items i on i.id = g.item_id where ${where}`,
    ),
    rows<{ id: number; code: string; title: string }>(
      db,
      sql`select distinct c.id, c.code, c.title from grades g join programme_courses c on c.id = g.course_id
          where g.student_id = ${me} and g.is_published order by c.code, c.id`,
    ),
  ]);
  return { items, total: total[0]?.n ?? 0, courses };
}

/** The learner's courses with their programmes and progress. */
export async function findProgressCourses(db: Db, me: number) {
  return rows<{
    programme_id: number;
    programme_code: string;
    programme_title: string;
    programme_type: ProgrammeType;
    id: number;
    code: string;
    title: string;
    items_done: number;
    items_total: number;
    tasks_submitted: number;
    tasks_total: number;
    points_published: string | number;
    last_activity_at: Date | string | null;
  }>(
    db,
    sql`with mine as (select distinct cl.course_id from course_learners cl where cl.student_id = ${me}),
        totals as (${COUNTED_ITEMS} and i.course_id in (select course_id from mine) group by i.course_id)
        select p.id as programme_id, p.code as programme_code, p.title as programme_title,
          p.type as programme_type, c.id, c.code, c.title,
          coalesce(cp.items_done, 0) as items_done, coalesce(t.items, 0) as items_total,
          coalesce(cp.tasks_submitted, 0) as tasks_submitted, coalesce(t.tasks, 0) as tasks_total,
          coalesce(cp.points_published, 0) as points_published, cp.last_activity_at
        from mine m join programme_courses c on c.id = m.course_id
        join programmes p on p.id = c.programme_id
        left join totals t on t.course_id = c.id
        left join course_progress cp on cp.course_id = c.id and cp.student_id = ${me}
        order by p.start_date desc, p.id, c.position, c.id`,
  );
}

/** The released units of the learner's courses with their progress. */
export async function findProgressUnits(db: Db, me: number) {
  return rows<{
    course_id: number;
    id: number;
    title: string;
    status: 'published' | 'closed';
    items_done: number;
    items_total: number;
    tasks_submitted: number;
    tasks_total: number;
  }>(
    db,
    sql`select u.course_id, u.id, u.title, u.status,
          coalesce(up.items_done, 0) as items_done,
          count(i.id) filter (where i.counts_for_progress and i.is_published and i.deleted_at is null)::int as items_total,
          count(ip.item_id) filter (where ip.source = 'submitted' and i.counts_for_progress)::int as tasks_submitted,
          count(i.id) filter (where i.counts_for_progress and i.is_published and i.deleted_at is null
                                and i.max_points is not null)::int as tasks_total
        from learning_units u
        left join unit_progress up on up.unit_id = u.id and up.student_id = ${me}
        left join learning_items i on i.unit_id = u.id
        left join item_progress ip on ip.item_id = i.id and ip.student_id = ${me}
          and i.is_published and i.deleted_at is null
        where u.deleted_at is null and u.status <> 'draft'
          and u.course_id in (select cl.course_id from course_learners cl where cl.student_id = ${me})
        group by u.id, up.items_done
        order by u.course_id, u.position, u.id`,
  );
}
