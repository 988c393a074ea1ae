import '../credits-styles';
import { Alert, NumberInput, Text } from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useController, useForm, useWatch } from 'react-hook-form';
import { useOutletContext, useParams } from 'react-router';
import type { z } from 'zod';
import type { BachelorSummary } from '@lantern/contracts/bachelor';
import { transferInInternalSchema } from '@lantern/contracts/bachelor-credits';
import { applyFieldErrors } from '../../../lib/form-errors';
import { requireRight } from '../../../lib/require-right';
import { useConversions } from '../api/get-conversions';
import { useTransferSources } from '../api/get-transfer-sources';
import { previewConversion } from '../components/conversion-preview';
import { controlled, TransferInForm, useProposeTransfer } from '../components/transfer-in-form';
import { counted } from '../../../lib/plural';

export const loader = requireRight('BA_TRANSFER_IN__CREATE');

type Values = z.input<typeof transferInInternalSchema>;
const FIELDS = [
  'enrolmentId',
  'courseId',
  'sourceEnrolmentId',
  'sourceCourseId',
  'credits',
] as const;

/** transfer-in/internal: credit from the same person's final result in another programme. */
export default function TransferInInternal() {
  const id = Number(useParams().programme);
  const summary = useOutletContext<BachelorSummary>();
  const propose = useProposeTransfer(id);
  const conversions = useConversions(id, 'transfer-in');
  const { control, handleSubmit, setValue, setError, formState } = useForm<
    Values,
    unknown,
    z.output<typeof transferInInternalSchema>
  >({ resolver: zodResolver(transferInInternalSchema), defaultValues: { kind: 'internal' } });
  const student = useController({ control, name: 'enrolmentId' });
  const course = useController({ control, name: 'courseId' });
  const [enrolmentId, sourceEnrolmentId, sourceCourseId, courseId] = useWatch({
    control,
    name: ['enrolmentId', 'sourceEnrolmentId', 'sourceCourseId', 'courseId'],
  }) as (number | undefined)[];
  const sources = useTransferSources(id, enrolmentId ?? null);
  const sourceKey = `${String(sourceEnrolmentId ?? '')}:${String(sourceCourseId ?? '')}`;
  const source = sources.data?.sources.find((s) => `${s.enrolmentId}:${s.courseId}` === sourceKey);
  const preview =
    source && conversions.data
      ? previewConversion(conversions.data, {
          grade: source.score,
          schemaId: source.schemaId,
          scaleMax: null,
        })
      : null;
  const countsFor = summary.courses.find((c) => c.id === courseId);

  const onSubmit = handleSubmit((data) =>
    propose.send(data, (error) => applyFieldErrors(error, setError, FIELDS)),
  );

  return (
    <TransferInForm
      programmeId={id}
      courses={summary.courses}
      title="Transfer in from another Lantern programme"
      label="Propose an internal transfer"
      onSubmit={onSubmit}
      isSubmitting={formState.isSubmitting}
      failure={propose.failure}
      student={{
        ...controlled(student),
        onChange: (v) => {
          student.field.onChange(v);
          // Another student's results: the source chosen for the last one no longer applies.
          setValue('sourceEnrolmentId', undefined as unknown as number);
          setValue('sourceCourseId', undefined as unknown as number);
        },
      }}
      course={controlled(course)}
      preview={preview}
      after={
        <Controller
          control={control}
          name="credits"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Credits"
              description={
                countsFor
                  ? `Leave empty for the course's ${counted(countsFor.units, 'credit')}`
                  : undefined
              }
              min={0}
              max={60}
              decimalScale={2}
              value={field.value ?? ''}
              onChange={(v) => {
                field.onChange(typeof v === 'number' ? v : undefined);
              }}
              error={fieldState.error?.message}
            />
          )}
        />
      }
      note={
        source ? (
          <Text size="xs" c="gray.8">
            Approval is a second step, on the approval page, by someone who may approve transfers.
          </Text>
        ) : null
      }
    >
      <Controller
        control={control}
        name="sourceCourseId"
        render={({ fieldState }) => (
          <Select
            label="Final result it comes from"
            required
            disabled={!enrolmentId}
            data={(sources.data?.sources ?? []).map((s) => ({
              value: `${s.enrolmentId}:${s.courseId}`,
              label: `${s.programmeCode} ${s.courseCode} ${s.courseTitle}: ${s.score}${s.schemaName ? ` (${s.schemaName})` : ''}`,
            }))}
            value={source ? sourceKey : null}
            onChange={(v) => {
              const [e, c] = (v ?? ':').split(':').map(Number);
              setValue('sourceEnrolmentId', e as number, {
                shouldValidate: formState.isSubmitted,
              });
              setValue('sourceCourseId', c as number, {
                shouldValidate: formState.isSubmitted,
              });
            }}
            nothingFoundMessage="No final results in other programmes"
            error={fieldState.error?.message ?? formState.errors.sourceEnrolmentId?.message}
          />
        )}
      />
      {enrolmentId && sources.data?.sources.length === 0 ? (
        <Alert color="gray">This student has no final course result in another programme.</Alert>
      ) : null}
    </TransferInForm>
  );
}
