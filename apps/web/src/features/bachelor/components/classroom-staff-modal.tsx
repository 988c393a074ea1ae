import { useState } from 'react';
import { Modal, Stack } from '@mantine/core';
import type { Classroom } from '@lantern/contracts/bachelor-terms';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { isApiError } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { hasRight } from '../../../lib/rights';
import { StaffMultiSelect } from '../../programmes/components/staff-multi-select';
import { useSetClassroomStaff } from '../api/set-classroom-staff';

const TEXTS = outcomeTexts('Staff saved', 'The staff were not saved');
type Kind = Classroom['staff'][number]['kind'];

/** The classroom's staff of one kind as the picker shows them (the name split at its last space). */
const peopleOf = (classroom: Classroom, kind: Kind) =>
  classroom.staff
    .filter((s) => s.kind === kind)
    .map((s) => {
      const cut = s.name.lastIndexOf(' ');
      return {
        id: s.userId,
        firstName: cut > 0 ? s.name.slice(0, cut) : s.name,
        lastName: cut > 0 ? s.name.slice(cut + 1) : '',
      };
    });

function StaffForm({
  programmeId,
  classroom,
  onClose,
}: {
  programmeId: number;
  classroom: Classroom;
  onClose: () => void;
}) {
  const user = useCurrentUser();
  const save = useSetClassroomStaff();
  const facilitators = peopleOf(classroom, 'facilitator');
  const faculty = peopleOf(classroom, 'faculty');
  const assistants = peopleOf(classroom, 'assistant');
  const [facilitatorIds, setFacilitatorIds] = useState(facilitators.map((s) => s.id));
  const [facultyIds, setFacultyIds] = useState(faculty.map((s) => s.id));
  const [errors, setErrors] = useState<{ facilitatorIds?: string; facultyIds?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setErrors({});
    setFailure(null);
    try {
      await save.mutateAsync({
        programmeId,
        classId: classroom.id,
        // The assistants stay as they are: this page picks facilitators and faculty.
        data: { facilitatorIds, facultyIds, assistantIds: assistants.map((s) => s.id) },
      });
      notifySuccess('classroom-staff', TEXTS);
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? error.fields : {};
      const next = { facilitatorIds: fields.facilitatorIds, facultyIds: fields.facultyIds };
      setErrors(next);
      if (!next.facilitatorIds && !next.facultyIds) setFailure(displayError(error));
      notifyFailure('classroom-staff', displayError(error), TEXTS);
    }
  };

  return (
    <ModalForm onSubmit={submit} aria-label={`Staff of ${classroom.name}`}>
      <Stack gap="sm">
        <StaffMultiSelect
          kind="facilitator"
          label="Facilitators (onsite)"
          description="Type a name or JWL-ID to search"
          value={facilitatorIds}
          onChange={setFacilitatorIds}
          initial={facilitators}
          canSearch={hasRight(user, 'FACILITATOR__DISPLAY')}
          error={errors.facilitatorIds}
        />
        <StaffMultiSelect
          kind="faculty"
          label="Faculty (online)"
          description="Type a name or JWL-ID to search"
          value={facultyIds}
          onChange={setFacultyIds}
          initial={faculty}
          canSearch={hasRight(user, 'USER__DISPLAY')}
          error={errors.facultyIds}
        />
        <DialogActions
          failure={failure}
          onBack={onClose}
          label="Save staff"
          isBusy={save.isPending}
        />
      </Stack>
    </ModalForm>
  );
}

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
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={classroom !== null}
      onClose={onClose}
      title={classroom ? `Staff of ${classroom.name}` : ''}
      size="lg"
    >
      {classroom ? (
        <StaffForm
          key={classroom.id}
          programmeId={programmeId}
          classroom={classroom}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}
