import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { ENROLMENT_ACTIONS, type Enrolment } from '@lantern/contracts/programme';
import type { StudentResults } from '@lantern/contracts/results';
import { DialogActions } from '../../../components/dialog-actions';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useRunEnrolmentAction } from '../api/run-enrolment-action';
import type { ActionOutcome } from './action-result';

/** Finalizing or failing the students whose proposed outcome says so, at once. */
export type Shortcut = { action: 'finalize' | 'fail'; students: StudentResults[] };

/** The students as the action result names them. */
export const studentsOf = (students: readonly StudentResults[]) =>
  new Map<number, Enrolment['student']>(
    students.map((s) => [
      s.enrolmentId,
      { id: s.studentId, firstName: s.firstName, lastName: s.lastName, username: '', email: null },
    ]),
  );

/** Confirms a shortcut, runs it as one enrolment action, and reports what it did. */
export function ShortcutModal({
  programmeId,
  shortcut,
  onClose,
  onDone,
}: {
  programmeId: number;
  shortcut: Shortcut | null;
  onClose: () => void;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const run = useRunEnrolmentAction();
  const [failure, setFailure] = useState<string | null>(null);
  const count = shortcut?.students.length ?? 0;
  const perform = async () => {
    if (!shortcut) return;
    setFailure(null);
    const { label } = ENROLMENT_ACTIONS[shortcut.action];
    const texts = outcomeTexts(`${label}: done`, `${label}: not done`);
    try {
      const result = await run.mutateAsync({
        programmeId,
        input: {
          action: shortcut.action,
          enrolmentIds: shortcut.students.map((s) => s.enrolmentId),
        },
      });
      if (result.done.length > 0) notifySuccess('review-grades', texts);
      else notifyFailure('review-grades', undefined, texts);
      onDone({ action: shortcut.action, result, students: studentsOf(shortcut.students) });
      onClose();
    } catch (error) {
      setFailure(displayError(error));
      notifyFailure('review-grades', displayError(error), texts);
    }
  };
  const isPass = shortcut?.action === 'finalize';
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={shortcut !== null}
      onClose={() => {
        setFailure(null);
        onClose();
      }}
      title={isPass ? 'Finalize all proposed passes' : 'Fail all proposed fails'}
    >
      <Stack gap="sm">
        <Text size="sm">
          {isPass
            ? `${count} active ${count === 1 ? 'student has' : 'students have'} a passing score in every course. Finalize them? Each is then shown as Passed.`
            : `${count} active ${count === 1 ? 'student has' : 'students have'} every result entered and at least one below the pass mark. Fail them?`}
        </Text>
        <DialogActions
          failure={failure}
          onBack={onClose}
          label={isPass ? `Finalize ${count}` : `Fail ${count}`}
          color={isPass ? undefined : 'red.9'}
          isBusy={run.isPending}
          onConfirm={() => void perform()}
        />
      </Stack>
    </Modal>
  );
}
