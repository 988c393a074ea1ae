import { useEffect, useMemo } from 'react';
import { Fieldset, NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { Select } from '../../../components/select';
import { useDebouncedValue } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  DROPOUT_ACTION_LABELS,
  DROPOUT_ACTIONS,
  DROPOUT_CRITERIA,
  DROPOUT_CRITERION_LABELS,
  DROPOUT_FIELD_LABELS,
  dropoutItemInputSchema,
  type DropoutItem,
  type DropoutItemInput,
} from '@lantern/contracts/dropout';
import { SaveFooter } from '../../../components/save-footer';
import { labelledOptions } from '../../../lib/enumerations';
import type { OutcomeTexts } from '../../../lib/notify';
import { useSaveOutcome } from '../../../lib/use-save-outcome';

export type DropoutFormValues = z.input<typeof dropoutItemInputSchema>;

const ACTION_OPTIONS = labelledOptions(DROPOUT_ACTIONS, DROPOUT_ACTION_LABELS);
const CRITERION_OPTIONS = labelledOptions(DROPOUT_CRITERIA, DROPOUT_CRITERION_LABELS);
const FIELDS = [
  'action',
  'criterion',
  'percent',
  'weeks',
  'ignoreZeroPointTasks',
  'isActive',
] as const;

export const NEW_ITEM_VALUES: DropoutFormValues = {
  action: 'follow_up',
  criterion: 'missed_tasks',
  percent: 50,
  weeks: null,
  ignoreZeroPointTasks: true,
  isActive: true,
};

export const itemFormValues = (item: DropoutItem): DropoutFormValues => ({
  action: item.action,
  criterion: item.criterion,
  percent: item.percent,
  weeks: item.weeks,
  ignoreZeroPointTasks: item.ignoreZeroPointTasks,
  isActive: item.isActive,
});

type Props = {
  defaultValues: DropoutFormValues;
  submitLabel: string;
  onSave: (data: DropoutItemInput) => Promise<void>;
  canEdit: boolean;
  onReload?: (() => Promise<DropoutFormValues>) | undefined;
  /** The item as the form says now when it is valid, else null (for the live preview). */
  onDraftChange: (draft: DropoutItemInput | null) => void;
  texts?: OutcomeTexts | undefined;
};

/** A dropout flagging item (spec §3): action, criteria, percent, ignore zero-point tasks. */
export function DropoutItemForm({
  defaultValues,
  submitLabel,
  onSave,
  canEdit,
  onReload,
  onDraftChange,
  texts,
}: Props) {
  const { control, handleSubmit, setError, reset, formState } = useForm<
    DropoutFormValues,
    unknown,
    DropoutItemInput
  >({ resolver: zodResolver(dropoutItemInputSchema), defaultValues });
  const values = useWatch({ control });
  const [debounced] = useDebouncedValue(values, 400);
  const draft = useMemo(() => {
    const parsed = dropoutItemInputSchema.safeParse(debounced);
    return parsed.success ? parsed.data : null;
  }, [debounced]);
  useEffect(() => {
    onDraftChange(draft);
  }, [draft, onDraftChange]);
  const isInactive = values.criterion === 'inactive';

  const outcome = useSaveOutcome({
    setError,
    reset,
    fields: FIELDS,
    onReload,
    form: 'dropout-item-form',
    texts,
  });
  const onSubmit = handleSubmit(
    (data) =>
      outcome.run(async () => {
        await onSave(data);
        reset(data);
      }),
    outcome.invalid,
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Dropout flagging item">
      <Fieldset disabled={!canEdit} variant="unstyled">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Controller
              control={control}
              name="criterion"
              render={({ field, fieldState }) => (
                <Select
                  label={DROPOUT_FIELD_LABELS.criterion}
                  description="What flags a student"
                  required
                  data={CRITERION_OPTIONS}
                  value={field.value}
                  onChange={(value) => {
                    const next = DROPOUT_CRITERIA.find((c) => c === value);
                    if (next) field.onChange(next);
                  }}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="action"
              render={({ field, fieldState }) => (
                <Select
                  label={DROPOUT_FIELD_LABELS.action}
                  description="What happens when a student is flagged"
                  required
                  data={ACTION_OPTIONS}
                  value={field.value}
                  onChange={(value) => {
                    const next = DROPOUT_ACTIONS.find((a) => a === value);
                    if (next) field.onChange(next);
                  }}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={fieldState.error?.message}
                />
              )}
            />
            {isInactive ? (
              <Controller
                control={control}
                name="weeks"
                render={({ field, fieldState }) => (
                  <NumberInput
                    label={DROPOUT_FIELD_LABELS.weeks}
                    description="Flags after this many weeks with no submission and no progress"
                    required
                    min={1}
                    max={52}
                    allowDecimal={false}
                    value={typeof field.value === 'number' ? field.value : ''}
                    onChange={(value) => {
                      field.onChange(typeof value === 'number' ? value : null);
                    }}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            ) : (
              <Controller
                control={control}
                name="percent"
                render={({ field, fieldState }) => (
                  <NumberInput
                    label={DROPOUT_FIELD_LABELS.percent}
                    description={
                      values.criterion === 'below_grade'
                        ? 'Flags a course result below this share of the scale'
                        : 'Flags from this share of the tasks'
                    }
                    required
                    min={1}
                    max={100}
                    suffix=" %"
                    value={typeof field.value === 'number' ? field.value : ''}
                    onChange={(value) => {
                      field.onChange(typeof value === 'number' ? value : null);
                    }}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            )}
          </SimpleGrid>
          <Controller
            control={control}
            name="ignoreZeroPointTasks"
            render={({ field }) => (
              <Switch
                label={DROPOUT_FIELD_LABELS.ignoreZeroPointTasks}
                description="Tasks that add nothing to the result (weight 0) are left out"
                checked={field.value === true || field.value === 'true'}
                onChange={(event) => {
                  field.onChange(event.currentTarget.checked);
                }}
              />
            )}
          />
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <Switch
                label={DROPOUT_FIELD_LABELS.isActive}
                description="Only active items are evaluated"
                checked={field.value === true || field.value === 'true'}
                onChange={(event) => {
                  field.onChange(event.currentTarget.checked);
                }}
              />
            )}
          />
          <SaveFooter
            outcome={outcome}
            submitLabel={submitLabel}
            isSubmitting={formState.isSubmitting}
            canSubmit={canEdit}
          />
        </Stack>
      </Fieldset>
    </form>
  );
}
