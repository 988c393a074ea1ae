import type { ProgrammeClass } from '@lantern/contracts/classes';
import { CLASS_STAFF_KINDS } from '@lantern/contracts/classes';
import { useSetClassStaff } from '../api/set-class-staff';
import { StaffPickerModal } from './staff-picker-modal';

type ClassStaffModalProps = {
  programmeId: number;
  klass: ProgrammeClass | null;
  onClose: () => void;
};

/** The facilitators (onsite), faculty (online) and teaching assistants of one class. */
export function ClassStaffModal({ programmeId, klass, onClose }: ClassStaffModalProps) {
  const save = useSetClassStaff();
  return (
    <StaffPickerModal
      group={klass}
      kinds={CLASS_STAFF_KINDS}
      save={(classId, data) => save.mutateAsync({ programmeId, classId, data })}
      isSaving={save.isPending}
      form="class-staff"
      onClose={onClose}
    />
  );
}
