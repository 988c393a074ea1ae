import { sql, type SQL } from 'drizzle-orm';
import { TASK_DELIVERIES } from '@lantern/contracts/learning-enums';
import type { AuthContext } from '../../../plugins/auth';
import { gradingScope } from '../../../lib/learning-scope';
import { inList } from '../../../lib/sql';
import { gradedDeliveries } from './responsibility';

// Course responsibility (responsibility.ts) as SQL: what waits for the caller's grade.

/**
 * The condition that the caller may grade the work of learner row `cl` (a course_learners
 * alias) on a task of delivery `delivery` (a learning_items.delivery column): the learner is in
 * their grading scope and the task's delivery is one they grade — what whyNotGrade allows.
 */
export function mayGradeSql(cl: string, delivery: SQL, auth: AuthContext): SQL {
  const deliveries = gradedDeliveries(auth);
  if (deliveries.length === 0) return sql`false`;
  const fits =
    deliveries.length === TASK_DELIVERIES.length
      ? sql`true`
      : sql`coalesce(${delivery}::text, 'online') in (${inList(deliveries)})`;
  return sql`(${fits} and ${gradingScope(cl, auth)})`;
}

/**
 * What waits for a grade, as FROM items with the aliases `s` (the submission), `i` (its task),
 * `cl` (the learner's course row) and `g` (the grade, if any); toGradeWhere is its condition.
 */
export const TO_GRADE_FROM = sql`submissions s
  join learning_items i on i.id = s.item_id and i.deleted_at is null and i.max_points is not null
  join course_learners cl on cl.course_id = s.course_id and cl.student_id = s.student_id
  left join grades g on g.item_id = s.item_id and g.student_id = s.student_id`;

/**
 * The work that waits for the caller's grade (spec §6): a latest attempt handed in whose grade
 * is missing, unpublished or of an earlier attempt, and that the caller may grade (mayGradeSql).
 * The grading queue, its neighbours and every "to grade" count read it; nothing else counts.
 */
export const toGradeWhere = (auth: AuthContext): SQL =>
  sql`(s.status = 'submitted' and s.is_latest
    and (g.item_id is null or not g.is_published or g.submission_id is distinct from s.id)
    and ${mayGradeSql('cl', sql`i.delivery`, auth)})`;
