import { useState } from 'react';
import { Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CLASS_GROUP_SIZE } from '@lantern/contracts/constants';
import { classInputSchema, type ProgrammeClass } from '@lantern/contracts/classes';
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
import { useCreateClass } from '../api/create-class';
import { useUpdateClass } from '../api/update-class';

/* One form for a new class and a renamed one: a rename keeps its class's CLC, which the schema
 * then accepts as it is. */
type Values = z.input<typeof classInputSchema>;
type Output = z.output<typeof classInputSchema>;

const numberOrEmpty = (value: unknown): number | string =>
  typeof value === 'number' || typeof value === 'string' ? value : '';

type ClassFormModalProps = {
  programmeId: number;
  /** The CLCs a new class may be at; ignored when renaming. */
  clcs: readonly { id: number; code: string; name: string }[];
  /** Open for a new class at this CLC, or for renaming this class; closed when null. */
  target: { clcId: number } | { klass: ProgrammeClass } | null;
  onClose: () => void;
  /** Reads the classes again (after someone else changed this one). */
  onReload: () => void;
};

function ClassForm({
  programmeId,
  clcs,
  target,
  onClose,
  onReload,
}: Omit<ClassFormModalProps, 'target'> & {
  target: NonNullable<ClassFormModalProps['target']>;
}) {
  const create = useCreateClass();
  const update = useUpdateClass();
  const klass = 'klass' in target ? target.klass : null;
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<Values, unknown, Output>(
    {
      resolver: zodResolver(classInputSchema),
      defaultValues: klass
        ? { clcId: klass.clc.id, name: klass.name, capacity: klass.capacity }
        : {
            clcId: 'clcId' in target ? target.clcId : undefined,
            name: '',
            capacity: CLASS_GROUP_SIZE,
          },
    },
  );
  const { errors } = formState;

  const texts = klass ? UPDATE_TEXTS : outcomeTexts('Class created', 'The class was not created');
  const onSubmit = handleSubmit(
    async (data) => {
      setFailure(null);
      try {
        if (klass)
          await update.mutateAsync({
            programmeId,
            classId: klass.id,
            data: { name: data.name, capacity: data.capacity, version: klass.version },
          });
        else await create.mutateAsync({ programmeId, data });
        notifySuccess('class-form', texts);
        onClose();
      } catch (error) {
        if (isApiError(error) && error.code === 'STALE_VERSION') setStale(error.message);
        else if (!applyFieldErrors(error, setError, ['clcId', 'name', 'capacity']))
          setFailure(displayError(error));
        notifyFailure('class-form', displayError(error), texts);
      }
    },
    notifyInvalid('class-form', texts),
  );

  return (
    <ModalForm onSubmit={onSubmit} aria-label={klass ? `Rename ${klass.name}` : 'New class'}>
      <Stack gap="sm">
        {klass ? null : (
          <Controller
            control={control}
            name="clcId"
            render={({ field, fieldState }) => (
              <Select
                label="CLC"
                required
                data={clcs.map((clc) => ({
                  value: String(clc.id),
                  label: `${clc.code} ${clc.name}`,
                }))}
                value={typeof field.value === 'number' ? String(field.value) : null}
                onChange={(value) => {
                  field.onChange(value === null ? undefined : Number(value));
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
        <Controller
          control={control}
          name="capacity"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Capacity"
              description="Places in the class"
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
        {stale ? (
          <StaleVersionAlert
            detail={stale}
            onReload={() => {
              onReload();
              onClose();
            }}
          />
        ) : null}
        <DialogActions
          failure={failure}
          onBack={onClose}
          label={klass ? 'Save' : 'Create class'}
          isBusy={formState.isSubmitting}
        />
      </Stack>
    </ModalForm>
  );
}

/** A new class at a CLC of the programme, or a class's new name and capacity. */
export function ClassFormModal(props: ClassFormModalProps) {
  const { target } = props;
  const title =
    target === null ? '' : 'klass' in target ? `Rename ${target.klass.name}` : 'New class';
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={target !== null}
      onClose={props.onClose}
      title={title}
    >
      {target ? <ClassForm {...props} target={target} /> : null}
    </Modal>
  );
}
