import { useState } from 'react';
import { Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TERM_SEASON_LABELS, TERMS } from '@lantern/contracts/bachelor';
import { termInputSchema, type Term } from '@lantern/contracts/bachelor-terms';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { StaleVersionAlert } from '../../../components/stale-version-alert';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import {
  notifyFailure,
  notifyInvalid,
  notifySuccess,
  outcomeTexts,
  UPDATE_TEXTS,
} from '../../../lib/notify';
import { useSaveTerm } from '../api/save-term';
import { FormDateField } from '../../../components/date-field';

type Values = z.input<typeof termInputSchema>;
type Output = z.output<typeof termInputSchema>;

const numberOrEmpty = (value: unknown): number | string =>
  typeof value === 'number' || typeof value === 'string' ? value : '';

type TermFormModalProps = {
  programmeId: number;
  /** A new term of this year, or this term to change; closed when null. */
  target: { year: number } | { term: Term } | null;
  onClose: () => void;
};

function TermForm({
  programmeId,
  target,
  onClose,
}: Omit<TermFormModalProps, 'target'> & { target: NonNullable<TermFormModalProps['target']> }) {
  const save = useSaveTerm();
  const term = 'term' in target ? target.term : null;
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<Values, unknown, Output>(
    {
      resolver: zodResolver(termInputSchema),
      defaultValues: term
        ? {
            year: term.year,
            season: term.season,
            name: term.name,
            startDate: term.startDate,
            weeks: term.weeks,
          }
        : {
            year: 'year' in target ? target.year : undefined,
            season: 'fa',
            name: '',
            startDate: '',
            weeks: 14,
          },
    },
  );
  const { errors } = formState;
  const texts = term ? UPDATE_TEXTS : outcomeTexts('Term created', 'The term was not created');
  const onSubmit = handleSubmit(
    async (data) => {
      setFailure(null);
      try {
        if (term)
          await save.mutateAsync({
            programmeId,
            termId: term.id,
            data: {
              name: data.name,
              startDate: data.startDate,
              weeks: data.weeks,
              version: term.version,
            },
          });
        else await save.mutateAsync({ programmeId, data });
        notifySuccess('term-form', texts);
        onClose();
      } catch (error) {
        if (isApiError(error) && error.code === 'STALE_VERSION') setStale(error.message);
        else if (!applyFieldErrors(error, setError, ['season', 'name', 'startDate', 'weeks']))
          setFailure(displayError(error));
        notifyFailure('term-form', displayError(error), texts);
      }
    },
    notifyInvalid('term-form', texts),
  );

  return (
    <ModalForm onSubmit={onSubmit} aria-label={term ? `Change ${term.name}` : 'New term'}>
      <Stack gap="sm">
        {term ? null : (
          <Controller
            control={control}
            name="season"
            render={({ field, fieldState }) => (
              <Select
                label="Season"
                required
                data={TERMS.map((s) => ({ value: s, label: TERM_SEASON_LABELS[s] }))}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value ?? undefined);
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
        <FormDateField control={control} name="startDate" label="Start date" required />
        <Controller
          control={control}
          name="weeks"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Duration in weeks"
              required
              min={1}
              max={52}
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
          label={term ? 'Save' : 'Create term'}
          isBusy={formState.isSubmitting}
        />
      </Stack>
    </ModalForm>
  );
}

/** A new term of the year (season, name, start, weeks), or a term's new name, start and weeks. */
export function TermFormModal(props: TermFormModalProps) {
  const { target } = props;
  const title = target === null ? '' : 'term' in target ? `Change ${target.term.name}` : 'New term';
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={target !== null}
      onClose={props.onClose}
      title={title}
    >
      {target ? <TermForm {...props} target={target} /> : null}
    </Modal>
  );
}
