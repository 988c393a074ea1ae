import '../credits-styles';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useController, useForm, useWatch } from 'react-hook-form';
import { useOutletContext, useParams } from 'react-router';
import type { z } from 'zod';
import type { BachelorSummary } from '@lantern/contracts/bachelor';
import { transferInExternalSchema } from '@lantern/contracts/bachelor-credits';
import { applyFieldErrors } from '../../../lib/form-errors';
import { requireRight } from '../../../lib/require-right';
import { useConversions } from '../api/get-conversions';
import { previewConversion } from '../components/conversion-preview';
import { controlled, TransferInForm, useProposeTransfer } from '../components/transfer-in-form';

export const loader = requireRight('BA_TRANSFER_IN__CREATE');

type Values = z.input<typeof transferInExternalSchema>;
const FIELDS = [
  'enrolmentId',
  'courseId',
  'institution',
  'sourceCourseTitle',
  'sourceGrade',
  'sourceSchemaId',
  'sourceScaleMax',
  'credits',
] as const;
/** The schema select's value for "a scale of no schema of ours". */
const GIVEN_SCALE = 'scale';

/** transfer-in/external: credit from another institution's course, with its grade and scale. */
export default function TransferInExternal() {
  const id = Number(useParams().programme);
  const summary = useOutletContext<BachelorSummary>();
  const propose = useProposeTransfer(id);
  const conversions = useConversions(id, 'transfer-in');
  const { control, register, handleSubmit, setValue, setError, formState } = useForm<
    Values,
    unknown,
    z.output<typeof transferInExternalSchema>
  >({
    resolver: zodResolver(transferInExternalSchema),
    defaultValues: { kind: 'external', institution: '', sourceCourseTitle: '' },
  });
  const student = useController({ control, name: 'enrolmentId' });
  const course = useController({ control, name: 'courseId' });
  const [watchedSchema, watchedScale, grade] = useWatch({
    control,
    name: ['sourceSchemaId', 'sourceScaleMax', 'sourceGrade'],
  }) as (number | null | undefined)[];
  const schemaId = watchedSchema ?? null;
  const scaleMax = watchedScale ?? null;
  const givenScale = schemaId === null && scaleMax !== null;
  const preview = conversions.data
    ? previewConversion(conversions.data, { grade: grade ?? null, schemaId, scaleMax })
    : null;

  const onSubmit = handleSubmit(
    (data) => propose.send(data, (error) => applyFieldErrors(error, setError, FIELDS)),
    (errors) => {
      // The schema-or-scale rule runs only once the rest is valid: say it at once as well.
      if (!errors.sourceSchemaId && schemaId === null && scaleMax === null)
        setError('sourceSchemaId', {
          message: 'Choose the grading schema, or give the scale’s maximum',
        });
    },
  );
  const number = (
    name: 'sourceGrade' | 'sourceScaleMax' | 'credits',
    label: string,
    required = true,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          required={required}
          min={0}
          decimalScale={2}
          value={field.value ?? ''}
          onChange={(v) => {
            field.onChange(
              typeof v === 'number' ? v : name === 'sourceScaleMax' ? null : undefined,
            );
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <TransferInForm
      programmeId={id}
      courses={summary.courses}
      title="Transfer in from another institution"
      label="Propose an external transfer"
      onSubmit={onSubmit}
      isSubmitting={formState.isSubmitting}
      failure={propose.failure}
      student={controlled(student)}
      course={controlled(course)}
      preview={preview}
    >
      <TextInput
        label="Institution"
        required
        maxLength={200}
        error={formState.errors.institution?.message}
        {...register('institution')}
      />
      <TextInput
        label="Course taken there"
        required
        maxLength={200}
        error={formState.errors.sourceCourseTitle?.message}
        {...register('sourceCourseTitle')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Select
          label="Grading schema"
          required
          data={[
            ...(conversions.data?.schemas ?? []).map((s) => ({
              value: String(s.id),
              label: `${s.name} (0–${s.scaleMax})`,
            })),
            { value: GIVEN_SCALE, label: 'Another scale (give its maximum)' },
          ]}
          value={
            schemaId !== null ? String(schemaId) : givenScale || scaleMax === 0 ? GIVEN_SCALE : null
          }
          onChange={(v) => {
            if (v === GIVEN_SCALE) {
              setValue('sourceSchemaId', null);
              setValue('sourceScaleMax', 10);
            } else {
              setValue('sourceSchemaId', v ? Number(v) : null, {
                shouldValidate: formState.isSubmitted,
              });
              setValue('sourceScaleMax', null);
            }
          }}
          error={formState.errors.sourceSchemaId?.message}
        />
        {givenScale ? number('sourceScaleMax', 'Scale maximum') : null}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {number('sourceGrade', 'Grade')}
        {number('credits', 'Credits')}
      </SimpleGrid>
    </TransferInForm>
  );
}
