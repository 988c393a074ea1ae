import { useState } from 'react';
import { Modal, Stack } from '@mantine/core';
import type { ClassStaffKind, ProgrammeClass } from '@lantern/contracts/classes';
import type { Right } from '@lantern/contracts/rights';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { isApiError } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, type OutcomeTexts } from '../../../lib/notify';
import { hasRight } from '../../../lib/rights';
import type { ClassStaffInput } from '../api/set-class-staff';
import { StaffMultiSelect } from './staff-multi-select';

/** A teaching group as the picker needs it: any class (a programme's class, a classroom). */
export type StaffedGroup = Pick<ProgrammeClass, 'id' | 'name' | 'staff'>;

/** Each kind's picker: its label, the body field it fills, and the right that lists its people. */
const KINDS = {
  facilitator: {
    label: 'Facilitators (onsite)',
    field: 'facilitatorIds',
    listRight: 'FACILITATOR__DISPLAY',
  },
  faculty: { label: 'Faculty (online)', field: 'facultyIds', listRight: 'USER__DISPLAY' },
  assistant: { label: 'Teaching assistants', field: 'assistantIds', listRight: 'USER__DISPLAY' },
} as const satisfies Record<
  ClassStaffKind,
  { label: string; field: keyof ClassStaffInput; listRight: Right }
>;

type Ids = Record<ClassStaffKind, number[]>;

type StaffFormProps = {
  group: StaffedGroup;
  /** The kinds picked here; the group's people of any other kind are sent back as they are. */
  kinds: readonly ClassStaffKind[];
  save: (classId: number, data: ClassStaffInput) => Promise<unknown>;
  isSaving: boolean;
  /** The toast's id, and its texts when not the default "saved" ones. */
  form: string;
  texts?: OutcomeTexts | undefined;
  onClose: () => void;
};

const peopleOf = (group: StaffedGroup, kind: ClassStaffKind) =>
  group.staff.filter((s) => s.kind === kind);

function StaffForm({ group, kinds, save, isSaving, form, texts, onClose }: StaffFormProps) {
  const user = useCurrentUser();
  const [ids, setIds] = useState<Ids>(() => ({
    facilitator: peopleOf(group, 'facilitator').map((s) => s.id),
    faculty: peopleOf(group, 'faculty').map((s) => s.id),
    assistant: peopleOf(group, 'assistant').map((s) => s.id),
  }));
  const [errors, setErrors] = useState<Partial<Record<ClassStaffKind, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setErrors({});
    setFailure(null);
    try {
      await save(group.id, {
        facilitatorIds: ids.facilitator,
        facultyIds: ids.faculty,
        assistantIds: ids.assistant,
      });
      notifySuccess(form, texts);
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? error.fields : {};
      const next: Partial<Record<ClassStaffKind, string>> = {};
      for (const kind of kinds) {
        const message = fields[KINDS[kind].field];
        if (message) next[kind] = message;
      }
      setErrors(next);
      // A message for a field not shown here goes above the buttons.
      if (Object.keys(next).length === 0) setFailure(displayError(error));
      notifyFailure(form, displayError(error), texts);
    }
  };

  return (
    <ModalForm onSubmit={submit} aria-label={`Staff of ${group.name}`}>
      <Stack gap="sm">
        {kinds.map((kind) => (
          <StaffMultiSelect
            key={kind}
            kind={kind}
            label={KINDS[kind].label}
            description="Type a name or JWL-ID to search"
            value={ids[kind]}
            onChange={(picked) => {
              setIds((before) => ({ ...before, [kind]: picked }));
            }}
            initial={peopleOf(group, kind)}
            canSearch={hasRight(user, KINDS[kind].listRight)}
            error={errors[kind]}
          />
        ))}
        <DialogActions failure={failure} onBack={onClose} label="Save staff" isBusy={isSaving} />
      </Stack>
    </ModalForm>
  );
}

type StaffPickerModalProps = Omit<StaffFormProps, 'group'> & { group: StaffedGroup | null };

/** The staff of one teaching group, picked per kind; null closes it. Every class's staff dialog
 * is this one, so a fix to picking, errors or labels lands in all of them. */
export function StaffPickerModal({ group, ...form }: StaffPickerModalProps) {
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={group !== null}
      onClose={form.onClose}
      title={group ? `Staff of ${group.name}` : ''}
      size="lg"
    >
      {group ? <StaffForm key={group.id} group={group} {...form} /> : null}
    </Modal>
  );
}
