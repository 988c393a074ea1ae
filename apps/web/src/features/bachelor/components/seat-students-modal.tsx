import { useState } from 'react';
import { Checkbox, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import type { Classroom } from '@lantern/contracts/bachelor-terms';
import { DialogActions } from '../../../components/dialog-actions';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useStudentCourses } from '../api/find-student-courses';
import { useSeatStudents } from '../api/seat-students';

const TEXTS = outcomeTexts('Students seated', 'The students were not seated');

function SeatBody({
  programmeId,
  classroom,
  onClose,
}: {
  programmeId: number;
  classroom: Classroom;
  onClose: () => void;
}) {
  // The offering's students at the classroom's CLC who sit in no classroom yet.
  const list = useStudentCourses(programmeId, {
    termKey: classroom.termKey,
    courseId: classroom.courseId,
    clcId: classroom.clcId,
    limit: 100,
  });
  const free = (list.data?.rows ?? []).filter((r) => r.classId === null);
  const seat = useSeatStudents();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setFailure(null);
    if (chosen.size === 0) {
      setFailure('Choose at least one student.');
      return;
    }
    try {
      await seat.mutateAsync({ programmeId, classId: classroom.id, studentCourseIds: [...chosen] });
      notifySuccess('seat-students', TEXTS);
      onClose();
    } catch (error) {
      setFailure(displayError(error));
      notifyFailure('seat-students', displayError(error), TEXTS);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        {classroom.students} of {classroom.capacity} seats taken.
      </Text>
      <ScrollArea.Autosize mah={300}>
        <Stack gap={4}>
          {free.map((r) => (
            <Checkbox
              key={r.id}
              label={`${r.student} (${String(r.jwlId)})`}
              checked={chosen.has(r.id)}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.currentTarget.checked) next.add(r.id);
                else next.delete(r.id);
                setChosen(next);
              }}
            />
          ))}
          {list.data && free.length === 0 ? (
            <Text size="sm" c="dimmed">
              Every student of this course at {classroom.clc} has a classroom.
            </Text>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
      <DialogActions
        failure={failure}
        onBack={onClose}
        label={`Seat ${String(chosen.size)} students`}
        isBusy={seat.isPending}
        onConfirm={() => void run()}
      />
    </Stack>
  );
}

/** Seats students of the classroom's course and CLC in it (seats held by the server). */
export function SeatStudentsModal({
  programmeId,
  classroom,
  onClose,
}: {
  programmeId: number;
  classroom: Classroom | null;
  onClose: () => void;
}) {
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={classroom !== null}
      onClose={onClose}
      title={classroom ? `Seat students in ${classroom.name}` : ''}
      size="lg"
    >
      {classroom ? (
        <SeatBody
          key={classroom.id}
          programmeId={programmeId}
          classroom={classroom}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}
