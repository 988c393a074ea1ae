import { ENROLMENT_ACTIONS, type EnrolmentAction, type ProgrammeType } from './programme';
import type { Right } from './rights';

/**
 * The right an enrolment action or a study break needs, by the programme's type: the one place
 * the enrolment routes (and the web's row actions) ask. Decision 0006 tables the actions with
 * the professional certificate's rights; a bachelor programme checks its own (decision 0022):
 * student status with BA_STUDENT_STATUS__EDIT, programme breaks with BA_PROGRAMME_BREAK__*.
 * Reviewing grades stays PROGRAMME__REVIEW_GRADES for every type.
 */
const BACHELOR_RIGHTS: Partial<Record<Right, Right>> = {
  PC_STUDENT__EDIT: 'BA_STUDENT_STATUS__EDIT',
  PC_BREAK__EDIT: 'BA_PROGRAMME_BREAK__EDIT',
};

/** The programme types whose students the enrolment actions and breaks serve. */
export const ENROLMENT_ACTION_TYPES = [
  'professional',
  'bachelor',
] as const satisfies readonly ProgrammeType[];
export type EnrolmentActionType = (typeof ENROLMENT_ACTION_TYPES)[number];

export function enrolmentActionRight(type: EnrolmentActionType, action: EnrolmentAction): Right {
  const right = ENROLMENT_ACTIONS[action].right;
  return type === 'bachelor' ? (BACHELOR_RIGHTS[right] ?? right) : right;
}

/** Reading a student's breaks, and adding, removing or ending one. */
export function studyBreakRight(type: EnrolmentActionType, kind: 'display' | 'edit'): Right {
  if (type === 'bachelor')
    return kind === 'display' ? 'BA_PROGRAMME_BREAK__DISPLAY' : 'BA_PROGRAMME_BREAK__EDIT';
  return kind === 'display' ? 'PC_STUDENT__DISPLAY' : 'PC_BREAK__EDIT';
}
