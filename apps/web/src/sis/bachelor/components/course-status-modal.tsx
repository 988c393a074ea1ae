import type { Right } from '@lantern/contracts/rights';
import { useState } from 'react';
import { Checkbox, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  COURSE_STATUS_ACTIONS,
  COURSE_STATUS_LABELS,
  type CourseStatusAction,
} from '@lantern/contracts/bachelor';
import type { StudentCourse } from '@lantern/contracts/bachelor-terms';
import { DialogActions } from '../../../components/dialog-actions';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useMoveCourseStatus } from '../api/move-course-status';

const TEXTS = outcomeTexts('Course status changed', 'The course status was not changed');

/** The moves a row offers: those of COURSE_STATUS_ACTIONS from its status whose right is held. */
export function allowedMoves(
  row: Pick<StudentCourse, 'status'>,
  has: (right: Right) => boolean,
): CourseStatusAction[] {
  return (Object.keys(COURSE_STATUS_ACTIONS) as CourseStatusAction[]).filter((a) => {
    const rule = COURSE_STATUS_ACTIONS[a];
    return (rule.from as readonly string[]).includes(row.status) && has(rule.right);
  });
}

/** Whether a move needs the late confirmation: drop-delete after the term's first two weeks. */
export const needsLateConfirm = (
  action: CourseStatusAction,
  row: Pick<StudentCourse, 'inDropWindow'>,
) => COURSE_STATUS_ACTIONS[action].window === 'first-two-weeks' && !row.inDropWindow;

function MoveBody({
  programmeId,
  row,
  action,
  onClose,
}: {
  programmeId: number;
  row: StudentCourse;
  action: CourseStatusAction;
  onClose: () => void;
}) {
  const move = useMoveCourseStatus();
  const rule = COURSE_STATUS_ACTIONS[action];
  const late = needsLateConfirm(action, row);
  const [confirm, setConfirm] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setFailure(null);
    if (late && (!confirm || !reason.trim())) {
      setFailure('Confirm the late drop and give a reason.');
      return;
    }
    try {
      await move.mutateAsync({
        programmeId,
        studentCourseId: row.id,
        data: {
          action,
          version: row.version,
          ...(late ? { confirm: true } : {}),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        },
      });
      notifySuccess('course-status', TEXTS);
      onClose();
    } catch (error) {
      setFailure(displayError(error));
      notifyFailure('course-status', displayError(error), TEXTS);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        {row.student}, {row.courseCode} {row.title}: {COURSE_STATUS_LABELS[row.status]} →{' '}
        {COURSE_STATUS_LABELS[rule.to]}
      </Text>
      {'confirm' in rule ? <Text size="sm">{rule.confirm}</Text> : null}
      {late ? (
        <Text size="sm" fw={500}>
          The first two weeks of the term are over: dropping is advised only within them.
        </Text>
      ) : null}
      {late ? (
        <Checkbox
          label="Drop the course anyway"
          checked={confirm}
          onChange={(e) => {
            setConfirm(e.currentTarget.checked);
          }}
        />
      ) : null}
      <Textarea
        label="Reason"
        required={late}
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => {
          setReason(e.currentTarget.value);
        }}
      />
      <DialogActions
        failure={failure}
        onBack={onClose}
        label={rule.label}
        color={action === 'dropDelete' ? 'red.9' : undefined}
        isBusy={move.isPending}
        onConfirm={() => void run()}
      />
    </Stack>
  );
}

/** Asks before a course-status move; a late drop-delete needs a confirmation and a reason. */
export function CourseStatusModal({
  programmeId,
  target,
  onClose,
}: {
  programmeId: number;
  target: { row: StudentCourse; action: CourseStatusAction } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={target !== null}
      onClose={onClose}
      title={target ? COURSE_STATUS_ACTIONS[target.action].label : ''}
    >
      {target ? (
        <MoveBody
          key={`${target.row.id}-${target.action}`}
          programmeId={programmeId}
          row={target.row}
          action={target.action}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}
