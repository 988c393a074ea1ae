import { ActionIcon, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Rows of a list (choices, answers, pairs) with add and remove, and the list's own message. */
export function Rows<T>({
  legend,
  rows,
  render,
  onAdd,
  onRemove,
  addLabel,
  min,
  max,
  error,
}: {
  legend: string;
  rows: T[];
  render: (row: T, index: number) => ReactNode;
  onAdd: () => void;
  onRemove: (index: number) => void;
  addLabel: string;
  min: number;
  max: number;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={legend}>
      <Stack gap="xs">
        {rows.map((row, i) => (
          <Group key={i} align="flex-start" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600} w={24} pt={28} ta="end">
              {i + 1}
            </Text>
            <div style={{ flex: 1 }}>{render(row, i)}</div>
            <ActionIcon
              mt={26}
              variant="subtle"
              color="red.9"
              disabled={rows.length <= min}
              aria-label={t('quizAuthoring.removeRow', 'Remove row {{n}}', { n: i + 1 })}
              onClick={() => onRemove(i)}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}
        {error ? (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        ) : null}
        <Group>
          <Button size="xs" variant="light" onClick={onAdd} disabled={rows.length >= max}>
            {addLabel}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
