import { useState } from 'react';
import { Modal, Stack } from '@mantine/core';
import type { ProgrammeClass } from '@lantern/contracts/classes';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { isApiError } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { hasRight } from '../../../lib/rights';
import { useSetClassStaff } from '../api/set-class-staff';
import { StaffMultiSelect } from './staff-multi-select';

type ClassStaffModalProps = {
  programmeId: number;
  klass: ProgrammeClass | null;
  onClose: () => void;
};

function StaffForm({
  programmeId,
  klass,
  onClose,
}: {
  programmeId: number;
  klass: ProgrammeClass;
  onClose: () => void;
}) {
  const user = useCurrentUser();
  const save = useSetClassStaff();
  const facilitators = klass.staff.filter((s) => s.kind === 'facilitator');
  const faculty = klass.staff.filter((s) => s.kind === 'faculty');
  const assistants = klass.staff.filter((s) => s.kind === 'assistant');
  const [facilitatorIds, setFacilitatorIds] = useState(facilitators.map((s) => s.id));
  const [facultyIds, setFacultyIds] = useState(faculty.map((s) => s.id));
  const [assistantIds, setAssistantIds] = useState(assistants.map((s) => s.id));
  const [errors, setErrors] = useState<{
    facilitatorIds?: string;
    facultyIds?: string;
    assistantIds?: string;
  }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setErrors({});
    setFailure(null);
    try {
      await save.mutateAsync({
        programmeId,
        classId: klass.id,
        data: { facilitatorIds, facultyIds, assistantIds },
      });
      notifySuccess('class-staff');
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? error.fields : {};
      const next = {
        facilitatorIds: fields.facilitatorIds,
        facultyIds: fields.facultyIds,
        assistantIds: fields.assistantIds,
      };
      setErrors(next);
      if (!next.facilitatorIds && !next.facultyIds && !next.assistantIds)
        setFailure(displayError(error));
      notifyFailure('class-staff', displayError(error));
    }
  };

  return (
    <ModalForm onSubmit={submit} aria-label={`Staff of ${klass.name}`}>
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
        <StaffMultiSelect
          kind="assistant"
          label="Teaching assistants"
          description="Type a name or JWL-ID to search"
          value={assistantIds}
          onChange={setAssistantIds}
          initial={assistants}
          canSearch={hasRight(user, 'USER__DISPLAY')}
          error={errors.assistantIds}
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

/** The facilitators (onsite), faculty (online) and teaching assistants of one class. */
export function ClassStaffModal({ programmeId, klass, onClose }: ClassStaffModalProps) {
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={klass !== null}
      onClose={onClose}
      title={klass ? `Staff of ${klass.name}` : ''}
      size="lg"
    >
      {klass ? (
        <StaffForm key={klass.id} programmeId={programmeId} klass={klass} onClose={onClose} />
      ) : null}
    </Modal>
  );
}
