import '@mantine/core/styles/Modal.layer.css';
import { useState } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  cohortInputSchema,
  type Cohort,
  type CohortInput,
} from '@lantern/contracts/bachelor-cohorts';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { StaleVersionAlert } from '../../../components/stale-version-alert';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifyInvalid, notifySuccess, UPDATE_TEXTS } from '../../../lib/notify';
import { useUpdateCohort } from '../api/update-cohort';
import { intakeTermOptions, termKeyLabel } from '../term-label';

type Values = z.input<typeof cohortInputSchema>;

/** The intake terms offered: the usual window, plus the cohort's own when it lies outside. */
const termOptions = (current: string) => {
  const options = intakeTermOptions();
  return options.some((o) => o.value === current)
    ? options
    : [{ value: current, label: termKeyLabel(current) }, ...options];
};

function CohortEditForm({
  programmeId,
  cohort,
  onClose,
}: {
  programmeId: number;
  cohort: Cohort;
  onClose: () => void;
}) {
  const update = useUpdateCohort();
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const form = useForm<Values, unknown, CohortInput>({
    resolver: zodResolver(cohortInputSchema),
    defaultValues: { code: cohort.code, intakeTerm: cohort.intakeTerm },
  });
  const onSubmit = form.handleSubmit(
    async (data) => {
      setFailure(null);
      setStale(null);
      try {
        await update.mutateAsync({
          programmeId,
          cohortId: cohort.id,
          ...data,
          version: cohort.version,
        });
        notifySuccess('cohort-edit', UPDATE_TEXTS);
        onClose();
      } catch (error) {
        // The only 409 of this request: someone saved the cohort since the list was read.
        if (isApiError(error) && error.status === 409) setStale(error.message);
        else if (!applyFieldErrors(error, form.setError, ['code', 'intakeTerm']))
          setFailure(displayError(error));
        notifyFailure('cohort-edit', displayError(error), UPDATE_TEXTS);
      }
    },
    notifyInvalid('cohort-edit', UPDATE_TEXTS),
  );
  const { errors } = form.formState;
  return (
    <ModalForm onSubmit={onSubmit} aria-label={`Change ${cohort.code}`}>
      <Stack gap="sm">
        <TextInput
          label="Code"
          required
          description="Unique in the programme, for example BLS-2026"
          {...form.register('code')}
          error={errors.code?.message}
        />
        <Controller
          control={form.control}
          name="intakeTerm"
          render={({ field, fieldState }) => (
            <Select
              label="Intake term"
              required
              description="The term the cohort starts in"
              data={termOptions(cohort.intakeTerm)}
              allowDeselect={false}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value ?? '');
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        {stale ? <StaleVersionAlert detail={stale} onReload={onClose} /> : null}
        <DialogActions
          failure={failure}
          onBack={onClose}
          backLabel="Cancel"
          label="Save"
          isBusy={form.formState.isSubmitting}
        />
      </Stack>
    </ModalForm>
  );
}

/** A cohort's code and intake term, changed at the version the list showed; closed when null. */
export function CohortEditModal({
  programmeId,
  cohort,
  onClose,
}: {
  programmeId: number;
  cohort: Cohort | null;
  onClose: () => void;
}) {
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={cohort !== null}
      onClose={onClose}
      title={cohort ? `Change cohort ${cohort.code}` : ''}
    >
      {cohort ? (
        <CohortEditForm programmeId={programmeId} cohort={cohort} onClose={onClose} />
      ) : null}
    </Modal>
  );
}
