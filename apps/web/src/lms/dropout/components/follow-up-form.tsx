import { Button, Stack, Textarea } from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  FOLLOW_UP_KIND_LABELS,
  FOLLOW_UP_KINDS,
  followUpInputSchema,
  type FollowUp,
} from '@lantern/contracts/dropout';
import { FailureAlert } from '../../../components/failure-alert';
import { labelledOptions } from '../../../lib/enumerations';
import { displayError } from '../../../lib/errors';
import { useRecordFollowUp } from '../api/record-follow-up';

type Values = z.input<typeof followUpInputSchema>;
const KIND_OPTIONS = labelledOptions(FOLLOW_UP_KINDS, FOLLOW_UP_KIND_LABELS);

/** The assignee records what they did (call, visit, suggest a study break) and what came of it. */
export function FollowUpForm({ followUp }: { followUp: FollowUp }) {
  const record = useRecordFollowUp();
  const { control, register, handleSubmit, formState } = useForm<
    Values,
    unknown,
    z.output<typeof followUpInputSchema>
  >({
    resolver: zodResolver(followUpInputSchema),
    defaultValues: { kind: 'call', outcome: '', version: followUp.version },
  });
  const onSubmit = handleSubmit((data) =>
    record.mutateAsync({ followUpId: followUp.id, data }).then(() => undefined),
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Record the follow-up">
      <Stack gap="xs">
        <Controller
          control={control}
          name="kind"
          render={({ field, fieldState }) => (
            <Select
              label="What was done"
              required
              data={KIND_OPTIONS}
              value={field.value}
              onChange={(value) => {
                const next = FOLLOW_UP_KINDS.find((k) => k === value);
                if (next) field.onChange(next);
              }}
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
        <Textarea
          label="Outcome"
          required
          autosize
          minRows={2}
          maxLength={2000}
          error={formState.errors.outcome?.message}
          {...register('outcome')}
        />
        <FailureAlert text={record.isError ? displayError(record.error) : null} />
        <div>
          <Button type="submit" size="sm" loading={formState.isSubmitting}>
            Record outcome
          </Button>
        </div>
      </Stack>
    </form>
  );
}
