import type { Right } from '@lantern/contracts/rights';
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { enrolmentActionRight } from '@lantern/contracts/enrolment-rights';
import {
  ENROLMENT_ACTION_KEYS,
  ENROLMENT_ACTIONS,
  ENROLMENT_STATE_LABELS,
  type EnrolmentAction,
} from '@lantern/contracts/programme';
import type { StudentCourse } from '@lantern/contracts/bachelor-terms';
import { FailureAlert } from '../../../components/failure-alert';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { notifySuccess, outcomeTexts } from '../../../lib/notify';
import { hasRight } from '../../../lib/rights';
import { useRunEnrolmentAction } from '../../programmes/public';

const TEXTS = outcomeTexts('Student status changed', 'The student status was not changed');

/** The student-status actions of a row (decision 0006's, under the bachelor's rights). */
export function studentStatusActions(
  row: Pick<StudentCourse, 'enrolmentState'>,
  has: (right: Right) => boolean,
): EnrolmentAction[] {
  return ENROLMENT_ACTION_KEYS.filter(
    (a) =>
      // A break is taken in the programme-breaks dialog, which asks for its dates.
      a !== 'suspend' &&
      (ENROLMENT_ACTIONS[a].from as readonly string[]).includes(row.enrolmentState) &&
      has(enrolmentActionRight('bachelor', a)),
  );
}

function StatusBody({
  programmeId,
  row,
  onClose,
}: {
  programmeId: number;
  row: StudentCourse;
  onClose: () => void;
}) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const run = useRunEnrolmentAction();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const actions = studentStatusActions(row, (r) => hasRight(user, r));
  const go = async (action: EnrolmentAction) => {
    setFailure(null);
    try {
      const result = await run.mutateAsync({
        programmeId,
        programmeType: 'bachelor',
        input: {
          action,
          enrolmentIds: [row.enrolmentId],
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        },
      });
      const refused = result.refused[0];
      if (refused) {
        setFailure(refused.reason);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['bachelor'] });
      notifySuccess('student-status', TEXTS);
      onClose();
    } catch (error) {
      setFailure(displayError(error));
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        {row.student} is {ENROLMENT_STATE_LABELS[row.enrolmentState].toLowerCase()} in the
        programme.
      </Text>
      {actions.length === 0 ? (
        <Text size="sm" c="dimmed">
          Your role changes no student status here.
        </Text>
      ) : (
        <>
          <Textarea
            label="Reason"
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
            }}
          />
          <Group gap="xs">
            {actions.map((a) => (
              <Button
                key={a}
                size="xs"
                variant="default"
                loading={run.isPending}
                onClick={() => void go(a)}
              >
                {ENROLMENT_ACTIONS[a].label}
              </Button>
            ))}
          </Group>
        </>
      )}
      <FailureAlert text={failure} />
    </Stack>
  );
}

/** A bachelor student's status in the programme: withdraw, reactivate (BA_STUDENT_STATUS__EDIT). */
export function StudentStatusModal({
  programmeId,
  row,
  onClose,
}: {
  programmeId: number;
  row: StudentCourse | null;
  onClose: () => void;
}) {
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={row !== null}
      onClose={onClose}
      title={row ? `Student status of ${row.student}` : 'Student status'}
    >
      {row ? (
        <StatusBody key={row.id} programmeId={programmeId} row={row} onClose={onClose} />
      ) : null}
    </Modal>
  );
}
