import {
  ENROLMENT_ACTIONS,
  type Enrolment,
  type EnrolmentAction,
  type EnrolmentActionResult,
} from '@lantern/contracts/programme';
import { BatchResultAlert } from '../../../components/batch-result-alert';

export type ActionOutcome = {
  action: EnrolmentAction;
  result: EnrolmentActionResult;
  /** The students as they were selected, to name the refused ones. */
  students: ReadonlyMap<number, Enrolment['student']>;
};

/** What a bulk action did: how many moved, and each refused student with the server's reason. */
export function ActionResult({
  outcome,
  onClose,
}: {
  outcome: ActionOutcome;
  onClose: () => void;
}) {
  const { action, result, students } = outcome;
  const done = result.done.length;
  const refused = result.refused.length;
  const nameOf = (id: number) => {
    const s = students.get(id);
    return s ? `${s.lastName}, ${s.firstName} (${s.id})` : `Enrolment ${id}`;
  };
  return (
    <BatchResultAlert
      title={`${ENROLMENT_ACTIONS[action].label}: ${done} done${refused > 0 ? `, ${refused} refused` : ''}`}
      color={refused > 0 ? 'red.9' : 'teal.9'}
      refused={result.refused}
      nameOf={nameOf}
      onClose={onClose}
    />
  );
}
