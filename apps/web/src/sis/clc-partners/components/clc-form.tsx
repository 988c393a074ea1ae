import { Checkbox, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { clcInputSchema, type Clc } from '@lantern/contracts/clc';
import { CountrySelect } from '../../../components/country-select';
import { FormSection } from '../../../components/form-section';
import { SaveFooter } from '../../../components/save-footer';
import type { OutcomeTexts } from '../../../lib/notify';
import { useSaveOutcome } from '../../../lib/use-save-outcome';

export type ClcFormValues = z.input<typeof clcInputSchema>;
export type ClcFormOutput = z.output<typeof clcInputSchema>;

const TIME_ZONES = Intl.supportedValuesOf('timeZone');

export const EMPTY_CLC: ClcFormValues = {
  name: '',
  code: '',
  financeCode: '',
  maxStudents: null,
  minorPermission: false,
  minAgeForMinors: null,
  isGel: false,
  signeeName: '',
  signeeTitle: '',
  country: '',
  address: '',
  timeZone: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  isActive: true,
};

export const clcFormValues = (clc: Clc): ClcFormValues => ({
  name: clc.name,
  code: clc.code,
  financeCode: clc.financeCode,
  maxStudents: clc.maxStudents,
  minorPermission: clc.minorPermission,
  minAgeForMinors: clc.minAgeForMinors,
  isGel: clc.isGel,
  signeeName: clc.signeeName ?? '',
  signeeTitle: clc.signeeTitle ?? '',
  country: clc.country,
  address: clc.address ?? '',
  timeZone: clc.timeZone,
  contactName: clc.contactName ?? '',
  contactEmail: clc.contactEmail ?? '',
  contactPhone: clc.contactPhone ?? '',
  isActive: clc.isActive,
});

const FIELDS = Object.keys(EMPTY_CLC) as Path<ClcFormValues>[];

const numberOrNull = (value: string | number): number | null =>
  typeof value === 'number' ? value : null;

type ClcFormProps = {
  defaultValues: ClcFormValues;
  submitLabel: string;
  onSave: (data: ClcFormOutput) => Promise<void>;
  /** Loads the record again after someone else changed it (edit only); answers its values. */
  onReload?: () => Promise<ClcFormValues>;
  /** What its toasts say; by default the spec's texts of an update. */
  texts?: OutcomeTexts;
};

export function ClcForm({ defaultValues, submitLabel, onSave, onReload, texts }: ClcFormProps) {
  const { register, control, handleSubmit, setError, reset, formState } = useForm<
    ClcFormValues,
    unknown,
    ClcFormOutput
  >({ resolver: zodResolver(clcInputSchema), defaultValues });
  const { errors } = formState;
  const outcome = useSaveOutcome({
    setError,
    reset,
    fields: FIELDS,
    onReload,
    form: 'clc-form',
    texts,
  });

  const onSubmit = handleSubmit((data) => outcome.run(() => onSave(data)), outcome.invalid);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="CLC partner">
      <Stack gap="sm">
        <FormSection legend="CLC">
          <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
          <TextInput
            label="Code"
            description="2 to 10 letters or digits"
            required
            error={errors.code?.message}
            {...register('code')}
          />
          <TextInput
            label="Finance code"
            description="Exactly 4 digits"
            required
            inputMode="numeric"
            maxLength={4}
            error={errors.financeCode?.message}
            {...register('financeCode')}
          />
          <Controller
            control={control}
            name="maxStudents"
            render={({ field, fieldState }) => (
              <NumberInput
                label="Max students"
                min={1}
                allowDecimal={false}
                value={field.value ?? ''}
                onChange={(value) => {
                  field.onChange(numberOrNull(value));
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="isGel"
            render={({ field }) => (
              <Checkbox
                label="GEL partner (general-education language programme)"
                checked={field.value ?? false}
                onChange={(event) => {
                  field.onChange(event.currentTarget.checked);
                }}
                mt="xs"
              />
            )}
          />
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <Checkbox
                label="Active"
                checked={field.value ?? true}
                onChange={(event) => {
                  field.onChange(event.currentTarget.checked);
                }}
                mt="xs"
              />
            )}
          />
        </FormSection>
        <FormSection legend="Minors">
          <Controller
            control={control}
            name="minorPermission"
            render={({ field }) => (
              <Checkbox
                label="Minors may study here"
                checked={field.value ?? false}
                onChange={(event) => {
                  field.onChange(event.currentTarget.checked);
                }}
                mt="xs"
              />
            )}
          />
          <Controller
            control={control}
            name="minAgeForMinors"
            render={({ field, fieldState }) => (
              <NumberInput
                label="Minimum age for minors"
                min={10}
                max={17}
                allowDecimal={false}
                value={field.value ?? ''}
                onChange={(value) => {
                  field.onChange(numberOrNull(value));
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </FormSection>
        <FormSection legend="Location">
          <Controller
            control={control}
            name="country"
            render={({ field, fieldState }) => (
              <CountrySelect
                label="Country"
                required
                value={field.value || null}
                onChange={(code) => {
                  field.onChange(code ?? '');
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="timeZone"
            render={({ field, fieldState }) => (
              <Select
                label="Time zone"
                required
                searchable
                data={TIME_ZONES}
                limit={50}
                value={field.value || null}
                onChange={(zone) => {
                  field.onChange(zone ?? '');
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Textarea
            label="Address"
            autosize
            minRows={2}
            error={errors.address?.message}
            {...register('address')}
          />
        </FormSection>
        <FormSection legend="Contact and certificates">
          <TextInput
            label="Contact name"
            error={errors.contactName?.message}
            {...register('contactName')}
          />
          <TextInput
            label="Contact e-mail"
            type="email"
            error={errors.contactEmail?.message}
            {...register('contactEmail')}
          />
          <TextInput
            label="Contact phone"
            type="tel"
            description="With +country code, or as dialled in the CLC's country"
            error={errors.contactPhone?.message}
            {...register('contactPhone')}
          />
          <TextInput
            label="Signee name"
            description="Signs the certificates"
            error={errors.signeeName?.message}
            {...register('signeeName')}
          />
          <TextInput
            label="Signee title"
            error={errors.signeeTitle?.message}
            {...register('signeeTitle')}
          />
        </FormSection>
        <SaveFooter
          outcome={outcome}
          submitLabel={submitLabel}
          isSubmitting={formState.isSubmitting}
        />
      </Stack>
    </form>
  );
}
