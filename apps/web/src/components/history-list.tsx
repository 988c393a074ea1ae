import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { HistoryEntry } from '@lantern/contracts/clc';
import { auditActionLabel } from '@lantern/contracts/labels';
import { formatDateTime } from '../lib/format';

type Change = { from: unknown; to: unknown };

const isChange = (value: unknown): value is Change =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

/** `countryOfResidence` → `Country of residence`, for fields the caller gave no label. */
export const humanize = (field: string): string => {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A record's first values leave out what was left empty. */
const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(show).join(', ') || '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
};

type HistoryListProps = {
  entries: HistoryEntry[];
  /** Turns a field and a stored value into what people read (country names, option labels). */
  format?: (field: string, value: unknown) => string | null;
  labels?: Readonly<Record<string, string>>;
};

/** Who changed the record, what (field: before → after) and when; newest first. */
export function HistoryList({ entries, format, labels = {} }: HistoryListProps) {
  const text = (field: string, value: unknown) => format?.(field, value) ?? show(value);
  const sorted = [...entries].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        History
      </Title>
      {sorted.length === 0 ? (
        <Text size="sm">No changes recorded yet.</Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {sorted.map((entry) => (
            <Paper component="li" key={entry.id} withBorder p="xs">
              <Group gap="xs" wrap="wrap">
                <Badge size="sm" variant="filled">
                  {auditActionLabel(entry.action)}
                </Badge>
                <Text size="sm" fw={600}>
                  {entry.actor?.name ?? 'System'}
                </Text>
                {entry.impersonator ? (
                  <Text size="sm">(signed in as them by {entry.impersonator.name})</Text>
                ) : null}
                <Text size="sm" c="dimmed">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </Text>
              </Group>
              {entry.changes && Object.keys(entry.changes).length > 0 ? (
                <List size="sm" mt={4} spacing={2}>
                  {Object.entries(entry.changes)
                    .filter(([, value]) => isChange(value) || !isEmpty(value))
                    .map(([field, value]) => (
                      <List.Item key={field}>
                        <Text span size="sm" fw={600}>
                          {labels[field] ?? humanize(field)}:
                        </Text>{' '}
                        {isChange(value)
                          ? `${text(field, value.from)} → ${text(field, value.to)}`
                          : text(field, value)}
                      </List.Item>
                    ))}
                </List>
              ) : null}
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
