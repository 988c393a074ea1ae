import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import type { Classroom } from '@lantern/contracts/bachelor-terms';
import { DialogActions } from '../../../components/dialog-actions';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useUnseatStudent } from '../api/unseat-student';

const TEXTS = outcomeTexts('Student removed from the classroom', 'The student was not removed');

export type SeatedStudent = { studentCourseId: number; student: string };

function Confirm({
  programmeId,
  classroom,
  seated,
  onClose,
}: {
  programmeId: number;
  classroom: Classroom;
  seated: SeatedStudent;
  onClose: () => void;
}) {
  const unseat = useUnseatStudent();
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setFailure(null);
    try {
      await unseat.mutateAsync({
        programmeId,
        classId: classroom.id,
        studentCourseId: seated.studentCourseId,
      });
      notifySuccess('unseat-student', TEXTS);
      onClose();
    } catch (error) {
      setFailure(displayError(error));
      notifyFailure('unseat-student', displayError(error), TEXTS);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        {seated.student} leaves {classroom.name}; their course, its status and their results stay,
        and the seat frees.
      </Text>
      <DialogActions
        failure={failure}
        onBack={onClose}
        label="Remove from classroom"
        color="red"
        isBusy={unseat.isPending}
        onConfirm={() => void run()}
      />
    </Stack>
  );
}

/** Confirms removing one student from a classroom (CLASSROOM_STUDENT__EDIT). */
export function UnseatStudentModal({
  programmeId,
  classroom,
  seated,
  onClose,
}: {
  programmeId: number;
  classroom: Classroom | null;
  seated: SeatedStudent | null;
  onClose: () => void;
}) {
  const open = classroom !== null && seated !== null;
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={open}
      onClose={onClose}
      title={seated ? `Remove ${seated.student} from the classroom?` : ''}
    >
      {open ? (
        <Confirm
          key={seated.studentCourseId}
          programmeId={programmeId}
          classroom={classroom}
          seated={seated}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}
