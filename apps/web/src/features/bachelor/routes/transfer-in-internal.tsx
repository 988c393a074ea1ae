import '../credits-styles';
import { Alert, Button, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useOutletContext, useParams } from 'react-router';
import type { z } from 'zod';
import type { BachelorSummary } from '@lantern/contracts/bachelor';
import { transferInInternalSchema } from '@lantern/contracts/bachelor-credits';
import { FailureAlert } from '../../../components/failure-alert';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifySuccess, outcomeTexts } from '../../../lib/notify';
import { requireRight } from '../../../lib/require-right';
import { useConversions } from '../api/get-conversions';
import { useTransferSources } from '../api/get-transfer-sources';
import { useProposeTransferIn } from '../api/propose-transfer-in';
import { ConversionPreview, previewConversion } from '../components/conversion-preview';
import { StudentSelect } from '../components/student-select';
import { bachelorPaths } from '../paths';

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
  const navigate = useNavigate();
  const propose = useProposeTransferIn(id);
  const conversions = useConversions(id);
  const { control, handleSubmit, setValue, setError, formState } = useForm<
    Values,
    unknown,
    z.output<typeof transferInInternalSchema>
  >({ resolver: zodResolver(transferInInternalSchema), defaultValues: { kind: 'internal' } });
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
  const course = summary.courses.find((c) => c.id === courseId);

  const onSubmit = handleSubmit(async (data) => {
    try {
      await propose.mutateAsync(data);
      notifySuccess(
        'transfer-in',
        outcomeTexts('The transfer waits for approval.', 'The transfer was not proposed.'),
      );
      await navigate(bachelorPaths.transferIn(id, 'approval'));
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <Stack gap="sm" maw={640}>
      <Title order={2} size="h3">
        Transfer in from another Lantern programme
      </Title>
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label="Propose an internal transfer"
      >
        <Stack gap="xs">
          <Controller
            control={control}
            name="enrolmentId"
            render={({ field, fieldState }) => (
              <StudentSelect
                programmeId={id}
                value={(field.value as number | undefined) ?? null}
                onChange={(v) => {
                  field.onChange(v ?? undefined);
                  setValue('sourceEnrolmentId', undefined as unknown as number);
                  setValue('sourceCourseId', undefined as unknown as number);
                }}
                error={fieldState.error?.message}
              />
            )}
          />
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
            <Alert color="gray">
              This student has no final course result in another programme.
            </Alert>
          ) : null}
          <Controller
            control={control}
            name="courseId"
            render={({ field, fieldState }) => (
              <Select
                label="Counts for the course"
                required
                data={summary.courses.map((c) => ({
                  value: String(c.id),
                  label: `${c.code} ${c.title} (${c.units} credits)`,
                }))}
                value={field.value ? String(Number(field.value)) : null}
                onChange={(v) => {
                  field.onChange(v ? Number(v) : undefined);
                }}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="credits"
            render={({ field, fieldState }) => (
              <NumberInput
                label="Credits"
                description={
                  course ? `Leave empty for the course's ${course.units} credits` : undefined
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
          <ConversionPreview text={preview} />
          {source ? (
            <Text size="xs" c="gray.8">
              Approval is a second step, on the approval page, by someone who may approve transfers.
            </Text>
          ) : null}
          <FailureAlert text={propose.isError ? displayError(propose.error) : null} />
          <div>
            <Button type="submit" loading={formState.isSubmitting}>
              Propose transfer
            </Button>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}
