import { useState, type ChangeEvent } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import type { AuditLogFilter } from '@lantern/contracts/audit-log';
import { entityTypeLabel } from '@lantern/contracts/labels';
import { HALF_WIDTH } from '../../../lib/list-state';
import { DateField } from '../../../components/date-field';

type AuditFiltersProps = {
  value: AuditLogFilter;
  entityTypes: string[];
  onApply: (filter: AuditLogFilter) => void;
};

/** The filters of the log, applied together (a log this size is searched on purpose, not on
 * every key). */
export function AuditFilters({ value, entityTypes, onApply }: AuditFiltersProps) {
  const [draft, setDraft] = useState<AuditLogFilter>(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const set = (name: keyof AuditLogFilter) => (text: string | null) => {
    setDraft((d) => ({ ...d, [name]: text ?? '' }));
  };
  const text = (name: keyof AuditLogFilter) => ({
    value: draft[name] ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      set(name)(e.currentTarget.value);
    },
  });
  return (
    <form
      aria-label="Filter the audit log"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="User"
          placeholder="JWL-ID or name"
          w={{ base: '100%', xs: 200 }}
          {...text('user')}
        />
        <Select
          label="Record type"
          placeholder="All"
          data={entityTypes.map((type) => ({ value: type, label: entityTypeLabel(type) }))}
          value={draft.entityType ?? null}
          onChange={set('entityType')}
          clearable
          searchable
          w={{ base: HALF_WIDTH, xs: 160 }}
        />
        <TextInput label="Record ID" w={{ base: HALF_WIDTH, xs: 110 }} {...text('entityId')} />
        <TextInput
          label="Action"
          placeholder="e.g. role."
          w={{ base: '100%', xs: 160 }}
          {...text('action')}
        />
        <DateField
          label="From"
          w={{ base: HALF_WIDTH, xs: 150 }}
          value={draft.from ?? ''}
          onChange={set('from')}
        />
        <DateField
          label="To"
          w={{ base: HALF_WIDTH, xs: 150 }}
          value={draft.to ?? ''}
          onChange={set('to')}
        />
        <Button type="submit">Apply</Button>
        <Button
          variant="default"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          Clear
        </Button>
      </Group>
    </form>
  );
}
