import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { intArray, rows } from '../../../lib/sql';

// The course result of decision 0019: Σ published points ÷ Σ max points of the course's counted
// graded items in published units × the grading schema's scale maximum; with `weights`,
// Σ wᵢ·pᵢ/maxᵢ ÷ Σ wᵢ × scale_max (a null weight counts 1). Missing grades count 0. The
// published totals come from course_progress (written by applyGradeEvent), the denominators
// from the content.

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

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The result on the scale, or null when the course has nothing to grade or no scale. */
export function courseResult(
  d: CourseDenominators | undefined,
  totals: { points: number; weighted: number },
  scaleMax: number | null,
): number | null {
  if (!d || d.tasks === 0 || scaleMax === null) return null;
  if (d.weighting === 'weights')
    return d.weights > 0 ? round2((totals.weighted / d.weights) * scaleMax) : null;
  return d.maxPoints > 0 ? round2((totals.points / d.maxPoints) * scaleMax) : null;
}

/**
 * Computed results of a programme's courses that have graded items: course id → student id →
 * result. Courses without graded items are absent (their results stay entered by hand).
 */
export async function computedResults(
  db: Db,
  programmeId: number,
  scaleMax: number | null,
): Promise<Map<number, Map<number, number | null>>> {
  const courses = await rows<{ id: number }>(
    db,
    sql`select id from programme_courses where programme_id = ${programmeId}`,
  );
  const denominators = await courseDenominators(
    db,
    courses.map((c) => c.id),
  );
  const graded = [...denominators.values()].filter((d) => d.tasks > 0);
  const out = new Map<number, Map<number, number | null>>();
  if (graded.length === 0) return out;
  const totals = await rows<{
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
        where e.course_id = any(${intArray(graded.map((d) => d.courseId))})`,
  );
  for (const d of graded) out.set(d.courseId, new Map());
  for (const t of totals) {
    out
      .get(t.course_id)
      ?.set(
        t.student_id,
        courseResult(
          denominators.get(t.course_id),
          { points: Number(t.points), weighted: Number(t.weighted) },
          scaleMax,
        ),
      );
  }
  return out;
}
