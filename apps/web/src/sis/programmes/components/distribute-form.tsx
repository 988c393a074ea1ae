import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { distributeInputSchema } from '@lantern/contracts/classes';
import { CLASS_GROUP_SIZE } from '@lantern/contracts/constants';
import { DialogActions } from '../../../components/dialog-actions';
import { FailureAlert } from '../../../components/failure-alert';
import { CLOSE_LABEL, READABLE_TITLE } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifyInvalid, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useDistributeClasses } from '../api/distribute-classes';
import { distributePlan, distributeResultText, type DistributeResult } from '../classes-model';

const DISTRIBUTE_TEXTS = outcomeTexts(
  'Students distributed to classes',
  'The students were not distributed',
);

type Values = z.input<typeof distributeInputSchema>;
type Output = z.output<typeof distributeInputSchema>;

const numberOrEmpty = (value: unknown): number | string =>
  typeof value === 'number' || typeof value === 'string' ? value : '';

/** Distributes every CLC's active students into classes of a size, after saying what it will do. */
export function DistributeForm({ programmeId }: { programmeId: number }) {
  const distribute = useDistributeClasses();
  const [asking, setAsking] = useState<Output | null>(null);
  const [result, setResult] = useState<DistributeResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<Values, unknown, Output>({
    resolver: zodResolver(distributeInputSchema),
    defaultValues: { size: CLASS_GROUP_SIZE, keepManual: true },
  });

  // The form only checks; the confirmation sends.
  const onSubmit = handleSubmit(
    (data) => {
      setAsking(data);
    },
    notifyInvalid('distribute', DISTRIBUTE_TEXTS),
  );

  const perform = async (data: Output) => {
    setAsking(null);
    setFailure(null);
    setResult(null);
    try {
      setResult(await distribute.mutateAsync({ programmeId, data }));
      notifySuccess('distribute', DISTRIBUTE_TEXTS);
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['size', 'keepManual']))
        setFailure(displayError(error));
      notifyFailure('distribute', displayError(error), DISTRIBUTE_TEXTS);
    }
  };

  return (
    <Paper withBorder p="sm">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Distribute students">
        <Stack gap="xs">
          <Title order={2} fz="h4">
            Distribute students
          </Title>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Controller
              control={control}
              name="size"
              render={({ field, fieldState }) => (
                <NumberInput
                  label="Class size"
                  required
                  min={1}
                  max={500}
                  allowDecimal={false}
                  w={120}
                  value={numberOrEmpty(field.value)}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="keepManual"
              render={({ field }) => (
                <Checkbox
                  label="Keep students placed by hand"
                  checked={field.value === true || field.value === 'true'}
                  onChange={(event) => {
                    field.onChange(event.currentTarget.checked);
                  }}
                  mb={8}
                />
              )}
            />
            <Button type="submit" loading={distribute.isPending}>
              Distribute
            </Button>
          </Group>
          {result ? (
            <Alert
              color="teal.9"
              variant="light"
              role="status"
              title="Distributed"
              styles={READABLE_TITLE}
              withCloseButton
              closeButtonLabel="Close"
              onClose={() => {
                setResult(null);
              }}
            >
              {distributeResultText(result)}
            </Alert>
          ) : null}
          <FailureAlert text={failure} />
        </Stack>
      </form>
      <Modal
        closeButtonProps={CLOSE_LABEL}
        opened={asking !== null}
        onClose={() => {
          setAsking(null);
        }}
        title="Distribute students"
      >
        {asking ? (
          <Stack gap="sm">
            <List size="sm" spacing={4}>
              {distributePlan(asking.size, asking.keepManual).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            <Text size="sm">Passed and failed students stay where they are.</Text>
            <DialogActions
              onBack={() => {
                setAsking(null);
              }}
              label="Distribute"
              onConfirm={() => void perform(asking)}
            />
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}
