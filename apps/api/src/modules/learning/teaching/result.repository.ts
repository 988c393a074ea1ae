import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { intArray, rows } from '../../../lib/sql';

// The reads behind the course result (result.ts): the denominators from the content, the
// published totals from course_progress.

export type CourseDenominators = {
  courseId: number;
  weighting: 'points' | 'weights';
  /** Counted graded items in published or closed units. */
  tasks: number;
  maxPoints: number;
  weights: number;
};

/** The denominators of each course: one grouped read over the graded-items index. */
export async function courseDenominators(
  db: Db,
  courseIds: readonly number[],
): Promise<Map<number, CourseDenominators>> {
  if (courseIds.length === 0) return new Map();
  const found = await rows<{
    course_id: number;
    weighting: string;
    tasks: number;
    max_points: string | number | null;
    weights: string | number | null;
  }>(
    db,
    sql`select c.id as course_id, c.grade_weighting as weighting, count(i.id)::int as tasks,
          sum(i.max_points) as max_points, sum(coalesce(i.weight, 1)) as weights
        from programme_courses c
        left join learning_items i on i.course_id = c.id and i.max_points is not null
          and i.deleted_at is null and i.counts_for_progress
          and exists (select 1 from learning_units u where u.id = i.unit_id
                        and u.deleted_at is null and u.status in ('published', 'closed'))
        where c.id = any(${intArray(courseIds)})
        group by c.id`,
  );
  return new Map(
    found.map((r) => [
      r.course_id,
      {
        courseId: r.course_id,
        weighting: r.weighting === 'weights' ? 'weights' : 'points',
        tasks: r.tasks,
        maxPoints: Number(r.max_points ?? 0),
        weights: Number(r.weights ?? 0),
      },
    ]),
  );
}

/** The courses of a programme. */
export async function findProgrammeCourseIds(db: Db, programmeId: number): Promise<number[]> {
  const courses = await rows<{ id: number }>(
    db,
    sql`select id from programme_courses where programme_id = ${programmeId}`,
  );
  return courses.map((c) => c.id);
}

/** The published totals of every learner of the courses. */
export async function findCourseTotals(db: Db, courseIds: readonly number[]) {
  return rows<{
    course_id: number;
    student_id: number;
    points: string | number;
    weighted: string | number;
  }>(
    db,
    sql`select e.course_id, e.student_id, coalesce(cp.points_published, 0) as points,
          coalesce(cp.weighted_published, 0) as weighted
        from course_learners e
        left join course_progress cp on cp.course_id = e.course_id and cp.student_id = e.student_id
        where e.course_id = any(${intArray(courseIds)})`,
  );
}
