import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import type { ProgrammeClass } from '@lantern/contracts/classes';
import { DialogActions } from '../../../components/dialog-actions';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useDeleteClass } from '../api/delete-class';

const DELETE_TEXTS = outcomeTexts('Class deleted', 'The class was not deleted');

type DeleteClassModalProps = {
  programmeId: number;
  klass: ProgrammeClass | null;
  onClose: () => void;
};

/** Deletes a class once confirmed; the server refuses one that still has students and says so. */
export function DeleteClassModal({ programmeId, klass, onClose }: DeleteClassModalProps) {
  const remove = useDeleteClass();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const confirm = async () => {
    if (!klass) return;
    setRefusal(null);
    try {
      await remove.mutateAsync({ programmeId, classId: klass.id });
      notifySuccess('class-delete', DELETE_TEXTS);
      close();
    } catch (error) {
      setRefusal(displayError(error));
      notifyFailure('class-delete', displayError(error), DELETE_TEXTS);
    }
  };
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={klass !== null}
      onClose={close}
      title={klass ? `Delete ${klass.name}` : ''}
    >
      <Stack gap="sm">
        <Text size="sm">
          {klass && klass.size > 0
            ? `${klass.name} has ${klass.size} student${klass.size === 1 ? '' : 's'}; a class is deleted only once it is empty.`
            : `Delete ${klass?.name ?? 'the class'} and its staff assignments?`}
        </Text>
        <DialogActions
          failure={refusal}
          onBack={close}
          label="Delete class"
          color="red.9"
          isBusy={remove.isPending}
          onConfirm={() => void confirm()}
        />
      </Stack>
    </Modal>
  );
}
