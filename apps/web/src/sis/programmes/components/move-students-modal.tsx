import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { Select } from '../../../components/select';
import { VALIDATION } from '@lantern/contracts/messages';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useMoveStudents, type MoveResult } from '../api/move-students';
import { moveTargets, NO_CLASS, type ClcClasses, type Placement } from '../classes-model';

const MOVE_TEXTS = outcomeTexts('Students moved', 'The students were not moved');

type MoveStudentsModalProps = {
  programmeId: number;
  section: ClcClasses;
  selected: readonly number[];
  placement: Placement;
  opened: boolean;
  onClose: () => void;
  onDone: (result: MoveResult) => void;
};

/** Moves the selected students of one CLC into another class of that CLC, or out of classes. */
export function MoveStudentsModal(props: MoveStudentsModalProps) {
  const move = useMoveStudents();
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const targets = moveTargets(props.section, props.selected, props.placement);
  const count = props.selected.length;

  const close = () => {
    setTarget(null);
    setError(undefined);
    setFailure(null);
    props.onClose();
  };

  const submit = async () => {
    setFailure(null);
    if (target === null) {
      setError(VALIDATION.select);
      notifyFailure('move-students', undefined, MOVE_TEXTS);
      return;
    }
    setError(undefined);
    try {
      const result = await move.mutateAsync({
        programmeId: props.programmeId,
        data: {
          enrolmentIds: [...props.selected],
          classId: target === NO_CLASS ? null : Number(target),
        },
      });
      if (result.done.length > 0) notifySuccess('move-students', MOVE_TEXTS);
      else notifyFailure('move-students', undefined, MOVE_TEXTS);
      props.onDone(result);
      close();
    } catch (caught) {
      const classError = isApiError(caught) ? caught.fields.classId : undefined;
      if (classError) setError(classError);
      else setFailure(displayError(caught));
      notifyFailure('move-students', displayError(caught), MOVE_TEXTS);
    }
  };

  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={props.opened}
      onClose={close}
      title="Move students"
    >
      <ModalForm onSubmit={submit} aria-label="Move students">
        <Stack gap="sm">
          <Text size="sm">
            {count === 1 ? 'The selected student' : `The ${count} selected students`} of{' '}
            {props.section.clc.code} move to a class of {props.section.clc.code}; they count as
            placed by hand, so distributing again keeps them there.
          </Text>
          <Select
            label="Move to"
            required
            data={targets}
            value={target}
            onChange={setTarget}
            error={error}
            nothingFoundMessage="No other class at this CLC"
            comboboxProps={{ withinPortal: true }}
          />
          <DialogActions failure={failure} onBack={close} label="Move" isBusy={move.isPending} />
        </Stack>
      </ModalForm>
    </Modal>
  );
}
