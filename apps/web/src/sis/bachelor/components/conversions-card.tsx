import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { conversionInputSchema, type Conversion } from '@lantern/contracts/bachelor-credits';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorAlert } from '../../../components/failure-alert';
import { ModalForm } from '../../../components/modal-form';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useCreateConversion } from '../api/create-conversion';
import { useConversions } from '../api/get-conversions';
import { ScrollTable } from '../../../components/scroll-table';

type Values = z.input<typeof conversionInputSchema>;

const rulesText = (c: Conversion) =>
  c.rules.map((r) => `≥ ${r.min} → ${r.grade}${r.label ? ` ${r.label}` : ''}`).join(' · ');

function NewVersion({ programmeId, onDone }: { programmeId: number; onDone: () => void }) {
  const conversions = useConversions(programmeId, 'transfer-in');
  const create = useCreateConversion(programmeId);
  const { control, handleSubmit, setError, formState } = useForm<
    Values,
    unknown,
    z.output<typeof conversionInputSchema>
  >({
    resolver: zodResolver(conversionInputSchema),
    defaultValues: { rules: [{ min: 0, grade: 0, label: '' }] },
  });
  const rules = useFieldArray({ control, name: 'rules' });
  const schemas = (conversions.data?.schemas ?? []).map((s) => ({
    value: String(s.id),
    label: s.name,
  }));
  const onSubmit = handleSubmit(async (data) => {
    try {
      await create.mutateAsync(data);
      onDone();
    } catch (error) {
      applyFieldErrors(error, setError, ['fromSchemaId', 'toSchemaId', 'rules']);
    }
  });
  const schemaSelect = (name: 'fromSchemaId' | 'toSchemaId', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          required
          data={schemas}
          value={field.value ? String(Number(field.value)) : null}
          onChange={(v) => {
            field.onChange(v ? Number(v) : undefined);
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <ModalForm onSubmit={onSubmit} aria-label="New conversion version">
      <Stack gap="xs">
        <SimpleGrid cols={2} spacing="xs">
          {schemaSelect('fromSchemaId', 'From schema')}
          {schemaSelect('toSchemaId', 'To schema')}
        </SimpleGrid>
        <Text size="xs" c="gray.8">
          A grade at or above a rule’s minimum converts to its grade; the highest minimum reached
          wins.
        </Text>
        {rules.fields.map((f, i) => (
          <Group key={f.id} gap="xs" align="flex-end" wrap="nowrap">
            {(['min', 'grade'] as const).map((key) => (
              <Controller
                key={key}
                control={control}
                name={`rules.${i}.${key}`}
                render={({ field, fieldState }) => (
                  <NumberInput
                    label={key === 'min' ? `Rule ${i + 1}: from` : 'converts to'}
                    required
                    min={0}
                    decimalScale={2}
                    value={field.value}
                    onChange={(v) => {
                      field.onChange(typeof v === 'number' ? v : undefined);
                    }}
                    error={fieldState.error?.message}
                  />
                )}
              />
            ))}
            <Controller
              control={control}
              name={`rules.${i}.label`}
              render={({ field }) => (
                <TextInput
                  label="Label"
                  maxLength={40}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                />
              )}
            />
            <ActionIcon
              variant="default"
              aria-label={`Remove rule ${i + 1}`}
              onClick={() => {
                rules.remove(i);
              }}
              disabled={rules.fields.length === 1}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <div>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              rules.append({ min: 0, grade: 0, label: '' });
            }}
          >
            Add a rule
          </Button>
        </div>
        <Text size="sm" c="red.8">
          {formState.errors.rules?.message ?? formState.errors.rules?.root?.message}
        </Text>
        <DialogActions
          failure={create.isError ? displayError(create.error) : null}
          onBack={onDone}
          backLabel="Cancel"
          label="Save as a new version"
          isBusy={formState.isSubmitting}
        />
      </Stack>
    </ModalForm>
  );
}

/** The grade conversions (versioned; a version is never edited, a change is a new version). */
export function ConversionsCard({
  programmeId,
  mayEdit,
}: {
  programmeId: number;
  mayEdit: boolean;
}) {
  const conversions = useConversions(programmeId, 'transfer-in');
  const [adding, setAdding] = useState(false);
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Grade conversions
          </Title>
          {mayEdit ? (
            <Button size="xs" variant="default" onClick={() => setAdding(true)}>
              New version
            </Button>
          ) : null}
        </Group>
        {conversions.isError ? <ErrorAlert error={conversions.error} /> : null}
        {conversions.data?.conversions.length === 0 ? (
          <Text size="sm">No conversion yet.</Text>
        ) : (
          <ScrollTable minWidth={640} label="Grade conversions">
            <Table
              fz="sm"
              withTableBorder
              striped
              verticalSpacing={4}
              aria-label="Grade conversions"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>From → to</Table.Th>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Rules</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(conversions.data?.conversions ?? []).map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      {c.fromSchemaName} → {c.toSchemaName}
                    </Table.Td>
                    <Table.Td>
                      {c.version}
                      {c.current ? ' (in use)' : ''}
                    </Table.Td>
                    <Table.Td>{rulesText(c)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title="New conversion version"
        size="lg"
      >
        {adding ? <NewVersion programmeId={programmeId} onDone={() => setAdding(false)} /> : null}
      </Modal>
    </Paper>
  );
}
