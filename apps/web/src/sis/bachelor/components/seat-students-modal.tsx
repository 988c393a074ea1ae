import { Modal } from '@mantine/core';
import type { Classroom } from '@lantern/contracts/bachelor-terms';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { outcomeTexts } from '../../../lib/notify';
import { useStudentCourses } from '../api/find-student-courses';
import { useSeatStudents } from '../api/seat-students';
import { ChooseStudents } from './choose-students';
import { counted } from '../../../lib/plural';

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
  const save = async (studentCourseIds: number[]) => {
    await seat.mutateAsync({ programmeId, classId: classroom.id, studentCourseIds });
    return undefined;
  };
  return (
    <ChooseStudents
      taken={`${String(classroom.students)} of ${counted(classroom.capacity, 'seat')} taken.`}
      choices={free.map((r) => ({ id: r.id, label: `${r.student} (${String(r.jwlId)})` }))}
      empty={
        list.data && free.length === 0
          ? `Every student of this course at ${classroom.clc} has a classroom.`
          : null
      }
      verb="Seat"
      isBusy={seat.isPending}
      form="seat-students"
      texts={TEXTS}
      save={save}
      onClose={onClose}
    />
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
