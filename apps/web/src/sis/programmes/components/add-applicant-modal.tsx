import { useState } from 'react';
import { Modal, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod';
import { VALIDATION } from '@lantern/contracts/messages';
import { applicantInputSchema, type Programme } from '@lantern/contracts/programme';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifyInvalid, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useAddApplicant, type ApplicantInput } from '../api/add-applicant';
import { FormDateField } from '../../../components/date-field';

const ADD_TEXTS = outcomeTexts('Applicant added', 'The applicant was not added');

const [contractExisting, newSchema] = applicantInputSchema.options;
/* The contract's existing-person branch carries no texts of its own: the form says what §5 says
 * for an empty field, a number and a select, and sends the same values. */
const existingSchema = contractExisting.extend({
  studentId: z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .regex(/^\d{1,9}$/, VALIDATION.number)
    .transform(Number),
  clcId: newSchema.shape.clcId,
});
type ExistingValues = z.input<typeof existingSchema>;
type NewValues = z.input<typeof newSchema>;

type Mode = 'existing' | 'new';
type ClcOption = { value: string; label: string };

function ClcField<T extends FieldValues>({
  control,
  options,
}: {
  control: Control<T, unknown, ApplicantInput>;
  options: ClcOption[];
}) {
  return (
    <Controller
      control={control}
      name={'clcId' as Path<T>}
      render={({ field, fieldState }) => (
        <Select
          label="CLC"
          required
          data={options}
          value={typeof field.value === 'number' ? String(field.value) : null}
          onChange={(value) => {
            field.onChange(value === null ? null : Number(value));
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

type FormProps = {
  clcs: ClcOption[];
  defaultClc: number | null;
  onSave: (data: ApplicantInput) => Promise<void>;
  onCancel: () => void;
};

/** Runs a save: success closes, server messages go by their fields, anything else above. */
function useSave<T extends FieldValues>(
  save: FormProps['onSave'],
  setError: Parameters<typeof applyFieldErrors<T>>[1],
  fields: readonly Path<T>[],
) {
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (data: ApplicantInput) => {
    setFailure(null);
    try {
      await save(data);
      notifySuccess('add-applicant', ADD_TEXTS);
    } catch (error) {
      if (!applyFieldErrors(error, setError, fields)) setFailure(displayError(error));
      notifyFailure('add-applicant', displayError(error), ADD_TEXTS);
    }
  };
  return { failure, run };
}

function ExistingPersonForm({ clcs, defaultClc, onSave, onCancel }: FormProps) {
  const { register, control, handleSubmit, setError, formState } = useForm<
    ExistingValues,
    unknown,
    ApplicantInput
  >({ resolver: zodResolver(existingSchema), defaultValues: { studentId: '', clcId: defaultClc } });
  const save = useSave(onSave, setError, ['studentId', 'clcId']);
  const onSubmit = handleSubmit(save.run, notifyInvalid('add-applicant', ADD_TEXTS));
  return (
    <ModalForm onSubmit={onSubmit} aria-label="Existing person">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="JWL-ID"
            required
            inputMode="numeric"
            error={formState.errors.studentId?.message}
            {...register('studentId')}
          />
          <ClcField control={control} options={clcs} />
        </SimpleGrid>
        <DialogActions
          failure={save.failure}
          onBack={onCancel}
          backLabel="Cancel"
          label="Add applicant"
          isBusy={formState.isSubmitting}
        />
      </Stack>
    </ModalForm>
  );
}

function NewPersonForm({ clcs, defaultClc, onSave, onCancel }: FormProps) {
  const { register, control, handleSubmit, setError, formState } = useForm<
    NewValues,
    unknown,
    ApplicantInput
  >({
    resolver: zodResolver(newSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      birthDate: undefined,
      clcId: defaultClc,
    },
  });
  const save = useSave(onSave, setError, [
    'firstName',
    'lastName',
    'email',
    'phone',
    'birthDate',
    'clcId',
  ]);
  const onSubmit = handleSubmit(save.run, notifyInvalid('add-applicant', ADD_TEXTS));
  const { errors } = formState;
  return (
    <ModalForm onSubmit={onSubmit} aria-label="New person">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First name"
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label="Last name"
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextInput
            label="E-mail"
            type="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label="Phone"
            type="tel"
            description="With +country code"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <FormDateField
            control={control}
            name="birthDate"
            label="Date of birth"
            required
            emptyAsUndefined
          />
          <ClcField control={control} options={clcs} />
        </SimpleGrid>
        <DialogActions
          failure={save.failure}
          onBack={onCancel}
          backLabel="Cancel"
          label="Add applicant"
          isBusy={formState.isSubmitting}
        />
      </Stack>
    </ModalForm>
  );
}

type AddApplicantModalProps = {
  programme: Pick<Programme, 'id' | 'clcs'>;
  opened: boolean;
  onClose: () => void;
};

/** One applicant by hand: a person the system knows, by JWL-ID, or a new person. */
export function AddApplicantModal({ programme, opened, onClose }: AddApplicantModalProps) {
  const add = useAddApplicant();
  const [mode, setMode] = useState<Mode>('existing');
  const clcs = programme.clcs.map((clc) => ({
    value: String(clc.id),
    label: `${clc.name} (${clc.code})`,
  }));
  const props: FormProps = {
    clcs,
    defaultClc: programme.clcs.length === 1 ? (programme.clcs[0]?.id ?? null) : null,
    onSave: async (data) => {
      await add.mutateAsync({ programmeId: programme.id, data });
      onClose();
    },
    onCancel: onClose,
  };
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={opened}
      onClose={onClose}
      title="Add applicant"
      size="lg"
    >
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Who applies"
          value={mode}
          onChange={(value) => {
            setMode(value === 'new' ? 'new' : 'existing');
          }}
          data={[
            { value: 'existing', label: 'Existing person' },
            { value: 'new', label: 'New person' },
          ]}
        />
        {mode === 'existing' ? <ExistingPersonForm {...props} /> : <NewPersonForm {...props} />}
      </Stack>
    </Modal>
  );
}
