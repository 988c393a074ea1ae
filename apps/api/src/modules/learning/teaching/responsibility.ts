import { rightLabel } from '@lantern/contracts/labels';
import type { EmployeeType } from '@lantern/contracts/enums';
import { TASK_DELIVERIES, type TaskDelivery } from '@lantern/contracts/learning-enums';
import type { AuthContext } from '../../../plugins/auth';
import { AppError } from '../../../lib/errors';
import { isLearner } from '../../../lib/learning-scope';

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
 * The one rule behind the grade action (whyNotGrade), the queue and its counts (mayGradeSql,
 * responsibility.repository.ts).
 */
export function gradedDeliveries(auth: AuthContext): TaskDelivery[] {
  if (isLearner(auth)) return [];
  return TASK_DELIVERIES.filter(
    (delivery) => auth.rights.has('SUBMISSION__EDIT') || isResponsible(auth, { delivery }),
  );
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
