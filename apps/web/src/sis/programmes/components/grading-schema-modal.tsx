import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { gradingSchemaInputSchema, type GradingSchema } from '@lantern/contracts/programme';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifyInvalid, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useCreateGradingSchema } from '../api/create-grading-schema';

const SCHEMA_TEXTS = outcomeTexts('Grading schema created', 'The grading schema was not created');

type Values = z.input<typeof gradingSchemaInputSchema>;
type Output = z.output<typeof gradingSchemaInputSchema>;

const EMPTY: Values = {
  name: '',
  scaleMax: 100,
  passMark: 50,
  bands: [
    { label: 'Distinction', min: 85 },
    { label: 'Merit', min: 70 },
    { label: 'Pass', min: 50 },
  ],
};

const numberOrEmpty = (value: unknown): number | string =>
  typeof value === 'number' || typeof value === 'string' ? value : '';

type NumberFieldProps = {
  name: Path<Values>;
  label: string;
  control: ReturnType<typeof useForm<Values, unknown, Output>>['control'];
};

function NumberField({ name, label, control }: NumberFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          required
          min={0}
          value={numberOrEmpty(field.value)}
          onChange={(value) => {
            field.onChange(value === '' ? null : value);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

type GradingSchemaModalProps = {
  opened: boolean;
  onClose: () => void;
  onCreated: (schema: GradingSchema) => void;
};

/** A new grading schema, made from the programme form: name, scale, pass mark and bands. */
export function GradingSchemaModal({ opened, onClose, onCreated }: GradingSchemaModalProps) {
  const create = useCreateGradingSchema();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, reset, formState, getValues } = useForm<
    Values,
    unknown,
    Output
  >({ resolver: zodResolver(gradingSchemaInputSchema), defaultValues: EMPTY });
  const bands = useFieldArray({ control, name: 'bands' });
  const { errors } = formState;

  const onSubmit = handleSubmit(
    async (data) => {
      setFailure(null);
      try {
        const schema = await create.mutateAsync(data);
        notifySuccess('grading-schema', SCHEMA_TEXTS);
        onCreated(schema);
        reset(EMPTY);
      } catch (error) {
        const count = getValues('bands')?.length ?? 0;
        const names: Path<Values>[] = ['name', 'scaleMax', 'passMark', 'bands'];
        for (let i = 0; i < count; i += 1) names.push(`bands.${i}.label`, `bands.${i}.min`);
        if (!applyFieldErrors(error, setError, names)) setFailure(displayError(error));
        notifyFailure('grading-schema', displayError(error), SCHEMA_TEXTS);
      }
    },
    notifyInvalid('grading-schema', SCHEMA_TEXTS),
  );

  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={opened}
      onClose={onClose}
      title="New grading schema"
      size="lg"
    >
      <ModalForm onSubmit={onSubmit} aria-label="New grading schema">
        <Stack gap="sm">
          <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
          <SimpleGrid cols={2} spacing="sm">
            <NumberField control={control} name="scaleMax" label="Scale maximum" />
            <NumberField control={control} name="passMark" label="Pass mark" />
          </SimpleGrid>
          <Text size="sm" fw={600}>
            Bands (the lowest score of each)
          </Text>
          {bands.fields.map((band, index) => (
            <Group key={band.id} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={`Band ${index + 1}`}
                required
                style={{ flex: 1 }}
                error={errors.bands?.[index]?.label?.message}
                {...register(`bands.${index}.label`)}
              />
              <NumberField control={control} name={`bands.${index}.min`} label="From" />
              <ActionIcon
                variant="default"
                size="lg"
                mt={26}
                c="red.9"
                aria-label={`Remove band ${index + 1}`}
                onClick={() => {
                  bands.remove(index);
                }}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              size="xs"
              onClick={() => {
                bands.append({ label: '', min: null });
              }}
            >
              Add band
            </Button>
          </Group>
          <DialogActions
            failure={failure}
            onBack={onClose}
            backLabel="Cancel"
            label="Create grading schema"
            isBusy={formState.isSubmitting}
          />
        </Stack>
      </ModalForm>
    </Modal>
  );
}
