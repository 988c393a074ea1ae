import { useState } from 'react';
import { Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { classroomUpdateSchema, type Classroom } from '@lantern/contracts/bachelor-terms';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifyInvalid, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useUpdateClassroom } from '../api/update-classroom';

type Values = z.input<typeof classroomUpdateSchema>;
type Output = z.output<typeof classroomUpdateSchema>;
const TEXTS = outcomeTexts('Classroom saved', 'The classroom was not saved');

const numberOrEmpty = (value: unknown): number | string =>
  typeof value === 'number' || typeof value === 'string' ? value : '';

function RenameForm({
  programmeId,
  classroom,
  onClose,
}: {
  programmeId: number;
  classroom: Classroom;
  onClose: () => void;
}) {
  const update = useUpdateClassroom();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<Values, unknown, Output>(
    {
      resolver: zodResolver(classroomUpdateSchema),
      defaultValues: {
        name: classroom.name,
        capacity: classroom.capacity,
        version: classroom.version,
      },
    },
  );
  const onSubmit = handleSubmit(
    async (data) => {
      setFailure(null);
      try {
        await update.mutateAsync({ programmeId, classId: classroom.id, data });
        notifySuccess('classroom-rename', TEXTS);
        onClose();
      } catch (error) {
        if (!applyFieldErrors(error, setError, ['name', 'capacity']))
          setFailure(displayError(error));
        notifyFailure('classroom-rename', displayError(error), TEXTS);
      }
    },
    notifyInvalid('classroom-rename', TEXTS),
  );
  return (
    <ModalForm onSubmit={onSubmit} aria-label={`Rename ${classroom.name}`}>
      <Stack gap="sm">
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
          label="Save classroom"
          isBusy={formState.isSubmitting}
        />
      </Stack>
    </ModalForm>
  );
}

/** CLASSROOM__EDIT: a classroom's name (and its seats, never below those seated). */
export function ClassroomRenameModal({
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
      title={classroom ? `Rename ${classroom.name}` : ''}
    >
      {classroom ? (
        <RenameForm
          key={`${String(classroom.id)}-${String(classroom.version)}`}
          programmeId={programmeId}
          classroom={classroom}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}
