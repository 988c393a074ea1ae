import type { Classroom } from '@lantern/contracts/bachelor-terms';
import { outcomeTexts } from '../../../lib/notify';
import { StaffPickerModal, type StaffedGroup } from '../../programmes/public';
import { useSetClassroomStaff } from '../api/set-classroom-staff';

const TEXTS = outcomeTexts('Staff saved', 'The staff were not saved');
/** This page picks facilitators and faculty; the assistants stay as they are. */
const KINDS = ['facilitator', 'faculty'] as const;

const groupOf = (classroom: Classroom): StaffedGroup => ({
  id: classroom.id,
  name: classroom.name,
  staff: classroom.staff.map(({ userId, firstName, lastName, kind }) => ({
    id: userId,
    firstName,
    lastName,
    kind,
  })),
});

/** CLASSROOM_STAFF__EDIT: the classroom's facilitators (onsite) and faculty (online). */
export function ClassroomStaffModal({
  programmeId,
  classroom,
  onClose,
}: {
  programmeId: number;
  classroom: Classroom | null;
  onClose: () => void;
}) {
  const save = useSetClassroomStaff();
  return (
    <StaffPickerModal
      group={classroom && groupOf(classroom)}
      kinds={KINDS}
      save={(classId, data) => save.mutateAsync({ programmeId, classId, data })}
      isSaving={save.isPending}
      form="classroom-staff"
      texts={TEXTS}
      onClose={onClose}
    />
  );
}
