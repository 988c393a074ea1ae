import { sql, type SQL } from 'drizzle-orm';
import { rightLabel } from '@lantern/contracts/labels';
import type { EmployeeType } from '@lantern/contracts/enums';
import { TASK_DELIVERIES, type TaskDelivery } from '@lantern/contracts/learning-enums';
import type { AuthContext } from '../../../plugins/auth';
import { AppError } from '../../../lib/errors';
import { gradingScope, isLearner } from '../../../lib/learning-scope';
import { inList } from '../../../lib/sql';

// Course responsibility (spec §6, decision 0019): who grades a task's submissions. Per task, by
// its delivery: an online task needs COURSE_TASK_ONLINE__EDIT and an online employee type, an
// onsite task COURSE_TASK_ONSITE__EDIT and an onsite type. The two mixed types count as both; no
// type is neither. The class seat's staff kind does not enter. Learners are never responsible.

const ONLINE_TYPES: ReadonlySet<EmployeeType> = new Set([
  'online_facilitator',
  'online-onsite_facilitator',
  'onsite-online_facilitator',
]);
const ONSITE_TYPES: ReadonlySet<EmployeeType> = new Set([
  'onsite_facilitator',
  'online-onsite_facilitator',
  'onsite-online_facilitator',
]);

const RIGHT_OF: Record<TaskDelivery, string> = {
  online: 'COURSE_TASK_ONLINE__EDIT',
  onsite: 'COURSE_TASK_ONSITE__EDIT',
};

export type GradedTask = { delivery: TaskDelivery };

const typeFits = (type: EmployeeType | null, delivery: TaskDelivery): boolean =>
  type !== null && (delivery === 'online' ? ONLINE_TYPES : ONSITE_TYPES).has(type);

/** Whether the caller is responsible for the task's submissions (spec §6). */
export function isResponsible(auth: AuthContext, task: GradedTask): boolean {
  if (isLearner(auth)) return false;
  return (
    auth.rights.has(RIGHT_OF[task.delivery]) && typeFits(auth.user.employeeType, task.delivery)
  );
}

/**
 * The deliveries whose tasks the caller grades, within their grading scope: both with
 * SUBMISSION__EDIT (lead faculty), else those they are responsible for; none for a learner.
 * The one rule behind the grade action (whyNotGrade), the queue and its counts (mayGradeSql).
 */
export function gradedDeliveries(auth: AuthContext): TaskDelivery[] {
  if (isLearner(auth)) return [];
  return TASK_DELIVERIES.filter(
    (delivery) => auth.rights.has('SUBMISSION__EDIT') || isResponsible(auth, { delivery }),
  );
}

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
 * Why the caller may not grade the task, as the sentence the refusal and the grade page show;
 * null when they may. `inGradingScope` is whether the learner is in the caller's grading scope
 * (lib/learning-scope gradingScope). Responsibility or SUBMISSION__EDIT (lead faculty) opens it.
 */
export function whyNotGrade(
  auth: AuthContext,
  task: GradedTask,
  inGradingScope: boolean,
): string | null {
  if (isLearner(auth)) return 'Work is graded by the people who teach it, not by learners.';
  if (!inGradingScope) return 'You grade only the students of the classes you teach.';
  if (gradedDeliveries(auth).includes(task.delivery)) return null;
  const right = RIGHT_OF[task.delivery];
  const hasRight = auth.rights.has(right);
  const hasType = typeFits(auth.user.employeeType, task.delivery);
  const what = [
    hasRight ? null : `the right “${rightLabel(right)}”`,
    hasType ? null : `an ${task.delivery} employee type`,
  ].filter((x) => x !== null);
  return `Grading ${task.delivery} tasks needs ${what.join(' and ')}.`;
}

/** Refuses with 403 NOT_RESPONSIBLE, naming what is missing, unless the caller may grade. */
export function assertMayGrade(auth: AuthContext, task: GradedTask, inGradingScope: boolean): void {
  const why = whyNotGrade(auth, task, inGradingScope);
  if (why !== null) throw new AppError(403, 'NOT_RESPONSIBLE', why);
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
