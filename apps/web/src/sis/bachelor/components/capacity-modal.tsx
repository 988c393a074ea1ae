import { useState } from 'react';
import { Modal, NumberInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { offeringUpdateSchema, type Offering } from '@lantern/contracts/bachelor-terms';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { StaleVersionAlert } from '../../../components/stale-version-alert';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifyInvalid, notifySuccess, UPDATE_TEXTS } from '../../../lib/notify';
import { useUpdateOffering } from '../api/update-offering';
import { counted } from '../../../lib/plural';

type Values = z.input<typeof offeringUpdateSchema>;
type Output = z.output<typeof offeringUpdateSchema>;

const numberOrEmpty = (value: unknown): number | string =>
  typeof value === 'number' || typeof value === 'string' ? value : '';

function CapacityForm({
  programmeId,
  offering,
  onClose,
}: {
  programmeId: number;
  offering: Offering;
  onClose: () => void;
}) {
  const update = useUpdateOffering();
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<Values, unknown, Output>({
    resolver: zodResolver(offeringUpdateSchema),
    defaultValues: { capacity: offering.capacity, version: offering.version },
  });
  const onSubmit = handleSubmit(
    async (data) => {
      setFailure(null);
      try {
        await update.mutateAsync({ programmeId, offeringId: offering.id, data });
        notifySuccess('offering-capacity', UPDATE_TEXTS);
        onClose();
      } catch (error) {
        if (isApiError(error) && error.code === 'STALE_VERSION') setStale(error.message);
        else if (!applyFieldErrors(error, setError, ['capacity'])) setFailure(displayError(error));
        notifyFailure('offering-capacity', displayError(error), UPDATE_TEXTS);
      }
    },
    notifyInvalid('offering-capacity', UPDATE_TEXTS),
  );
  return (
    <ModalForm onSubmit={onSubmit} aria-label={`Capacity of ${offering.title}`}>
      <Stack gap="sm">
        <Controller
          control={control}
          name="capacity"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Capacity"
              description={`${counted(offering.placed, 'student')} placed`}
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
        {stale ? <StaleVersionAlert detail={stale} onReload={onClose} /> : null}
        <DialogActions
          failure={failure}
          onBack={onClose}
          label="Save"
          isBusy={formState.isSubmitting}
        />
      </Stack>
    </ModalForm>
  );
}

/** An offering's capacity, never below the students placed in it (the server says so). */
export function CapacityModal({
  programmeId,
  offering,
  onClose,
}: {
  programmeId: number;
  offering: Offering | null;
  onClose: () => void;
}) {
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={offering !== null}
      onClose={onClose}
      title={offering ? `Capacity of ${offering.courseCode} ${offering.title}` : ''}
    >
      {offering ? (
        <CapacityForm
          key={offering.id}
          programmeId={programmeId}
          offering={offering}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}
