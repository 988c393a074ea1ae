import { useState } from 'react';
import { Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { classroomInputSchema } from '@lantern/contracts/bachelor-terms';
import { ClcFilterSelect } from '../../../components/clc-select';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifyInvalid, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useCreateClassroom } from '../api/create-classroom';

type Values = z.input<typeof classroomInputSchema>;
type Output = z.output<typeof classroomInputSchema>;
const TEXTS = outcomeTexts('Classroom created', 'The classroom was not created');

const numberOrEmpty = (value: unknown): number | string =>
  typeof value === 'number' || typeof value === 'string' ? value : '';

function ClassroomForm({
  programmeId,
  offeringId,
  onClose,
}: {
  programmeId: number;
  offeringId: number;
  onClose: () => void;
}) {
  const create = useCreateClassroom();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<Values, unknown, Output>(
    { resolver: zodResolver(classroomInputSchema), defaultValues: { name: '', capacity: 15 } },
  );
  const onSubmit = handleSubmit(
    async (data) => {
      setFailure(null);
      try {
        await create.mutateAsync({ programmeId, offeringId, data });
        notifySuccess('classroom-form', TEXTS);
        onClose();
      } catch (error) {
        if (!applyFieldErrors(error, setError, ['clcId', 'name', 'capacity']))
          setFailure(displayError(error));
        notifyFailure('classroom-form', displayError(error), TEXTS);
      }
    },
    notifyInvalid('classroom-form', TEXTS),
  );
  return (
    <ModalForm onSubmit={onSubmit} aria-label="New classroom">
      <Stack gap="sm">
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
          label="Create classroom"
          isBusy={formState.isSubmitting}
        />
      </Stack>
    </ModalForm>
  );
}

/** A new classroom of an offering: a CLC of the programme, a name, its seats. */
export function ClassroomFormModal({
  programmeId,
  offeringId,
  onClose,
}: {
  programmeId: number;
  offeringId: number | null;
  onClose: () => void;
}) {
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={offeringId !== null}
      onClose={onClose}
      title="New classroom"
    >
      {offeringId !== null ? (
        <ClassroomForm programmeId={programmeId} offeringId={offeringId} onClose={onClose} />
      ) : null}
    </Modal>
  );
}
