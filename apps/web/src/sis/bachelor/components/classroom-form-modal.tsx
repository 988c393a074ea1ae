import { useState } from 'react';
import { Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { classroomInputSchema, type Classroom } from '@lantern/contracts/bachelor-terms';
import { ClcFilterSelect } from '../../../components/clc-select';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifyInvalid, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useCreateClassroom } from '../api/create-classroom';
import { useUpdateClassroom } from '../api/update-classroom';

type Values = z.input<typeof classroomInputSchema>;
type Output = z.output<typeof classroomInputSchema>;

/** A new classroom of an offering, or an existing one to rename (and re-seat). */
type Target = { offeringId: number } | { classroom: Classroom };

const NEW = {
  form: 'classroom-form',
  texts: outcomeTexts('Classroom created', 'The classroom was not created'),
  title: 'New classroom',
  action: 'Create classroom',
};
const RENAME = {
  form: 'classroom-rename',
  texts: outcomeTexts('Classroom saved', 'The classroom was not saved'),
  action: 'Save classroom',
};

const numberOrEmpty = (value: unknown): number | string =>
  typeof value === 'number' || typeof value === 'string' ? value : '';

const titleOf = (target: Target) =>
  'classroom' in target ? `Rename ${target.classroom.name}` : NEW.title;

function ClassroomForm({
  programmeId,
  target,
  onClose,
}: {
  programmeId: number;
  target: Target;
  onClose: () => void;
}) {
  const create = useCreateClassroom();
  const update = useUpdateClassroom();
  const room = 'classroom' in target ? target.classroom : null;
  const { form, texts, action } = room ? RENAME : NEW;
  const [failure, setFailure] = useState<string | null>(null);
  // One schema checks both: a classroom keeps its CLC, so a rename starts from the one it has.
  const { register, control, handleSubmit, setError, formState } = useForm<Values, unknown, Output>(
    {
      resolver: zodResolver(classroomInputSchema),
      defaultValues: room
        ? { clcId: room.clcId, name: room.name, capacity: room.capacity }
        : { name: '', capacity: 15 },
    },
  );
  const onSubmit = handleSubmit(
    async (data) => {
      setFailure(null);
      try {
        if ('classroom' in target) {
          const { name, capacity } = data;
          // Sent with the version this form was opened at: a stale one gets 409, not an overwrite.
          await update.mutateAsync({
            programmeId,
            classId: target.classroom.id,
            data: { name, capacity, version: target.classroom.version },
          });
        } else {
          await create.mutateAsync({ programmeId, offeringId: target.offeringId, data });
        }
        notifySuccess(form, texts);
        onClose();
      } catch (error) {
        if (!applyFieldErrors(error, setError, ['clcId', 'name', 'capacity']))
          setFailure(displayError(error));
        notifyFailure(form, displayError(error), texts);
      }
    },
    notifyInvalid(form, texts),
  );
  return (
    <ModalForm onSubmit={onSubmit} aria-label={titleOf(target)}>
      <Stack gap="sm">
        {room ? null : (
          <Controller
            control={control}
            name="clcId"
            render={({ field, fieldState }) => (
              <ClcFilterSelect
                required
                value={typeof field.value === 'number' ? String(field.value) : null}
                onChange={(id) => {
                  field.onChange(id === null ? undefined : Number(id));
                }}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <TextInput
          label="Name"
          required
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <Controller
          control={control}
          name="capacity"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Seats"
              required
              min={1}
              max={500}
              allowDecimal={false}
              value={numberOrEmpty(field.value)}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <DialogActions
          failure={failure}
          onBack={onClose}
          label={action}
          isBusy={formState.isSubmitting}
        />
      </Stack>
    </ModalForm>
  );
}

type ClassroomFormModalProps = { programmeId: number; onClose: () => void } & (
  { offeringId: number | null } | { classroom: Classroom | null }
);

/**
 * A classroom's name and seats. With `offeringId`: a new classroom of that offering, at a CLC of
 * the programme (CLASSROOM__CREATE). With `classroom`: that one renamed, its seats never below
 * those seated (CLASSROOM__EDIT). Null closes the modal.
 */
export function ClassroomFormModal({ programmeId, onClose, ...rest }: ClassroomFormModalProps) {
  const target: Target | null =
    'classroom' in rest
      ? rest.classroom && { classroom: rest.classroom }
      : rest.offeringId !== null
        ? { offeringId: rest.offeringId }
        : null;
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={target !== null}
      onClose={onClose}
      title={target ? titleOf(target) : ''}
    >
      {target ? (
        <ClassroomForm
          key={
            'classroom' in target
              ? `${String(target.classroom.id)}-${String(target.classroom.version)}`
              : 'new'
          }
          programmeId={programmeId}
          target={target}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}
