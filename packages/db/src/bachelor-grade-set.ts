import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

// A bachelor term's grade set (docs/decisions/0022 "As built: verification"): for every student
// course of the term's offerings that is not dropped, the result of that attempt
// (`ba_attempt_results`, "results per attempt"), so a retake graded later leaves it as it was.
// One definition, read by the verification routes, the demo seed and the
// bench, so the hash an approval signs is the same everywhere.

export type GradeSetEntry = {
  studentCourseId: number;
  enrolmentId: number;
  courseId: number;
  clcId: number | null;
  status: string;
  /** The course result's score, or null when there is none. */
  score: number | null;
  /** The result's version; 0 when there is no result. */
  version: number;
  isFinal: boolean;
};

/** What an approval keeps: [[studentCourseId, score|null, resultVersion]], sorted by id. */
export type GradeSnapshot = [number, number | null, number][];

type Raw = {
  id: number;
  enrolment_id: number;
  course_id: number;
  clc_id: number | null;
  status: string;
  score: string | number | null;
  version: number | null;
  is_final: boolean | null;
};

/**
 * The grade set of a term, or of one CLC of it (clcId), sorted by student course.
 */
export async function gradeSetOf(
  db: Db,
  termId: number,
  clcId: number | null = null,
): Promise<GradeSetEntry[]> {
  const result: unknown = await db.execute(
    sql`select sc.id, sc.enrolment_id, o.course_id, e.clc_id, sc.status::text as status,
          r.score, r.version, r.is_final
        from ba_student_courses sc
        join ba_offerings o on o.id = sc.offering_id
        join enrolments e on e.id = sc.enrolment_id
        left join ba_attempt_results r on r.student_course_id = sc.id
        where o.term_id = ${termId} and sc.status <> 'drop-delete'
          and (${clcId}::int is null or e.clc_id = ${clcId}::int)
        order by sc.id`,
  );
  return (result as { rows: Raw[] }).rows.map((r) => ({
    studentCourseId: r.id,
    enrolmentId: r.enrolment_id,
    courseId: r.course_id,
    clcId: r.clc_id,
    status: r.status,
    score: r.score === null ? null : Math.round(Number(r.score) * 100) / 100,
    version: r.version ?? 0,
    isFinal: r.is_final ?? false,
  }));
}

export const snapshotOf = (entries: readonly GradeSetEntry[]): GradeSnapshot =>
  entries
    .map((e): [number, number | null, number] => [e.studentCourseId, e.score, e.version])
    .sort((a, b) => a[0] - b[0]);

/**
 * sha256 (hex) of the canonical grade set: one line per student course, sorted by its id,
 * `id:score:version` with the score to two decimals (`-` for none). The order rows arrive in,
 * and how a score is written (4, 4.0, "4.00"), do not change it.
 */
export function gradeSetHash(snapshot: readonly (readonly [number, number | null, number])[]) {
  const lines = [...snapshot]
    .sort((a, b) => a[0] - b[0])
    .map(([id, score, version]) => {
      const s = score === null ? '-' : (Math.round(score * 100) / 100).toFixed(2);
      return `${String(id)}:${s}:${String(version)}`;
    });
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/**
 * A grade that keeps a set from being approved: an active, failed or retaken course without a
 * result, or a result that is not final yet. Open and withdrawn courses have no final grade.
 */
export function gradeFlag(entry: {
  status: string;
  score: number | null;
  isFinal: boolean;
}): 'missing' | 'not-final' | null {
  if (entry.score === null)
    return entry.status === 'open' || entry.status === 'withdrawn' ? null : 'missing';
  return entry.isFinal ? null : 'not-final';
}
