import { Button, Fieldset, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { useDisclosure } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { ClcRef } from '@lantern/contracts/current-user';
import { programmeInputSchema } from '@lantern/contracts/programme';
import { ClcMultiSelect } from '../../../components/clc-select';
import { FormSection } from '../../../components/form-section';
import { SaveFooter } from '../../../components/save-footer';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import type { OutcomeTexts } from '../../../lib/notify';
import { hasRight } from '../../../lib/rights';
import { useSaveOutcome } from '../../../lib/use-save-outcome';
import { useGradingSchemas } from '../api/find-grading-schemas';
import { CoursesField } from './courses-field';
import { GradingSchemaModal } from './grading-schema-modal';
import {
  programmeFieldNames,
  type ProgrammeFormOutput,
  type ProgrammeFormValues,
} from './programme-form-values';
import { FormDateField } from '../../../components/date-field';

const textOrNull = (value: unknown): string | null =>
  typeof value === 'number' || (typeof value === 'string' && value !== '') ? String(value) : null;

const idsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id: unknown): id is number => typeof id === 'number') : [];

type ProgrammeFormProps = {
  defaultValues: ProgrammeFormValues;
  submitLabel: string;
  onSave: (data: ProgrammeFormOutput) => Promise<void>;
  /** The CLCs the programme has now, so their names show before the options arrive. */
  clcs?: readonly ClcRef[];
  /** Loads the programme again after someone else changed it (edit only); answers its values. */
  onReload?: () => Promise<ProgrammeFormValues>;
  /** What its toasts say; by default the spec's texts of an update. */
  texts?: OutcomeTexts;
};

/** A professional certificate's data: one form for new and edit (spec §3, §5). */
export function ProgrammeForm({
  defaultValues,
  submitLabel,
  onSave,
  clcs,
  onReload,
  texts,
}: ProgrammeFormProps) {
  const user = useCurrentUser();
  const gradingSchemas = useGradingSchemas();
  const [schemaModal, schemaModalHandlers] = useDisclosure(false);
  const { register, control, handleSubmit, setError, setValue, reset, getValues, formState } =
    useForm<ProgrammeFormValues, unknown, ProgrammeFormOutput>({
      resolver: zodResolver(programmeInputSchema),
      defaultValues,
    });
  const { errors } = formState;
  const outcome = useSaveOutcome({
    setError,
    reset,
    fields: () => programmeFieldNames(getValues('courses').length),
    onReload,
    form: 'programme-form',
    texts,
  });

  const onSubmit = handleSubmit((data) => outcome.run(() => onSave(data)), outcome.invalid);

  const schemaOptions = (gradingSchemas.data ?? []).map((s) => ({
    value: String(s.id),
    label: `${s.name} (pass ${s.passMark} of ${s.scaleMax})`,
  }));

  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Programme">
        <Stack gap="sm">
          <FormSection legend="Programme">
            <TextInput
              label="Code"
              description="Exactly 3 digits"
              required
              inputMode="numeric"
              maxLength={3}
              error={errors.code?.message}
              {...register('code')}
            />
            <TextInput
              label="Internal name"
              required
              error={errors.internalName?.message}
              {...register('internalName')}
            />
            <TextInput
              label="Title"
              description="As printed on the certificate"
              required
              error={errors.title?.message}
              {...register('title')}
            />
            <TextInput
              label="Certifying university"
              required
              error={errors.certifyingUniversity?.message}
              {...register('certifyingUniversity')}
            />
            <FormDateField control={control} name="startDate" label="Start date" required />
            <FormDateField control={control} name="endDate" label="End date" required />
            <Controller
              control={control}
              name="gradingSchemaId"
              render={({ field, fieldState }) => (
                <Select
                  label="Grading schema"
                  required
                  data={schemaOptions}
                  value={textOrNull(field.value)}
                  onChange={(value) => {
                    field.onChange(value === null ? null : Number(value));
                  }}
                  onBlur={field.onBlur}
                  nothingFoundMessage={gradingSchemas.isPending ? 'Loading…' : 'None yet'}
                  error={
                    fieldState.error?.message ??
                    (gradingSchemas.isError ? displayError(gradingSchemas.error) : undefined)
                  }
                />
              )}
            />
            {hasRight(user, 'PROGRAMME__CREATE') ? (
              <Group align="flex-end">
                <Button
                  variant="default"
                  size="sm"
                  mt={{ sm: 24 }}
                  onClick={schemaModalHandlers.open}
                >
                  New grading schema
                </Button>
              </Group>
            ) : null}
          </FormSection>
          <Fieldset legend="Certificate and CLCs" variant="filled" p="sm">
            <Stack gap="xs">
              <Textarea
                label="Certificate text"
                description="The sentence printed under the student's name"
                required
                autosize
                minRows={3}
                maxRows={10}
                error={errors.certificateText?.message}
                {...register('certificateText')}
              />
              <Controller
                control={control}
                name="clcIds"
                render={({ field, fieldState }) => (
                  <ClcMultiSelect
                    label="CLCs offering it"
                    required
                    value={idsOf(field.value)}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    initial={clcs}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Stack>
          </Fieldset>
          <CoursesField control={control} register={register} errors={errors} />
          <SaveFooter
            outcome={outcome}
            submitLabel={submitLabel}
            isSubmitting={formState.isSubmitting}
          />
        </Stack>
      </form>
      <GradingSchemaModal
        opened={schemaModal}
        onClose={schemaModalHandlers.close}
        onCreated={(schema) => {
          schemaModalHandlers.close();
          setValue('gradingSchemaId', schema.id, { shouldValidate: true });
        }}
      />
    </>
  );
}
