import type { Db } from '@lantern/db/client';
import {
  courseDenominators,
  findCourseTotals,
  findProgrammeCourseIds,
  type CourseDenominators,
} from './result.repository';

// The course result of decision 0019: Σ published points ÷ Σ max points of the course's counted
// graded items in published units × the grading schema's scale maximum; with `weights`,
// Σ wᵢ·pᵢ/maxᵢ ÷ Σ wᵢ × scale_max (a null weight counts 1). Missing grades count 0. The
// published totals come from course_progress (written by applyGradeEvent), the denominators
// from the content.

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
  const denominators = await courseDenominators(db, await findProgrammeCourseIds(db, programmeId));
  const graded = [...denominators.values()].filter((d) => d.tasks > 0);
  const out = new Map<number, Map<number, number | null>>();
  if (graded.length === 0) return out;
  const totals = await findCourseTotals(
    db,
    graded.map((d) => d.courseId),
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
