import { useEffect, useState } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  DROPOUT_CRITERIA,
  DROPOUT_CRITERION_LABELS,
  DROPOUT_FLAG_STATUS_LABELS,
  DROPOUT_FLAG_STATUSES,
  FLAG_SORT_LABELS,
  FLAG_SORTS,
} from '@lantern/contracts/dropout';
import { labelledOptions } from '../../../lib/enumerations';
import type { FlagFilters } from '../api/find-dropout-flags';

const CRITERION_OPTIONS = labelledOptions(DROPOUT_CRITERIA, DROPOUT_CRITERION_LABELS);
const STATUS_OPTIONS = labelledOptions(DROPOUT_FLAG_STATUSES, DROPOUT_FLAG_STATUS_LABELS);
const SORT_OPTIONS = labelledOptions(FLAG_SORTS, FLAG_SORT_LABELS);
const SHOW_OPTIONS = [
  { value: 'open', label: 'Flagged now' },
  { value: 'cleared', label: 'No longer flagged' },
];

/** A class the list can be filtered by: a professional class, a bachelor classroom. */
export type ClassChoice = { id: number; name: string };

const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((v) => v === value) ?? null;

/**
 * The flagged-students list's search (by name, debounced), filters (class, criterion, status,
 * flagged now or not) and sort; any change goes back to the first page.
 */
export function FlagFiltersBar({
  filters,
  classes,
  onChange,
}: {
  filters: FlagFilters;
  /** The programme's classes the user reaches; none: no class filter. */
  classes: readonly ClassChoice[];
  onChange: (next: FlagFilters) => void;
}) {
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search, 300);
  const set = (patch: Partial<FlagFilters>) => {
    onChange({ ...filters, ...patch, page: 1 });
  };
  useEffect(() => {
    if (debounced !== filters.q) set({ q: debounced });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typed text settles
  }, [debounced]);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label="Search by name"
        value={search}
        maxLength={100}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
        }}
        w={180}
      />
      {classes.length > 0 ? (
        <Select
          label="Class"
          placeholder="All classes"
          clearable
          data={classes.map((c) => ({ value: String(c.id), label: c.name }))}
          value={filters.classId === null ? null : String(filters.classId)}
          onChange={(value) => {
            set({ classId: value === null ? null : Number(value) });
          }}
          w={160}
        />
      ) : null}
      <Select
        label="Criteria"
        placeholder="All criteria"
        clearable
        data={CRITERION_OPTIONS}
        value={filters.criterion}
        onChange={(value) => {
          set({ criterion: pick(DROPOUT_CRITERIA, value) });
        }}
        w={220}
      />
      <Select
        label="Status"
        placeholder="Any status"
        clearable
        data={STATUS_OPTIONS}
        value={filters.flagStatus}
        onChange={(value) => {
          set({ flagStatus: pick(DROPOUT_FLAG_STATUSES, value) });
        }}
        w={190}
      />
      <Select
        label="Show"
        data={SHOW_OPTIONS}
        allowDeselect={false}
        value={filters.status}
        onChange={(value) => {
          if (value === 'open' || value === 'cleared') set({ status: value });
        }}
        w={150}
      />
      <Select
        label="Sort by"
        data={SORT_OPTIONS}
        allowDeselect={false}
        value={filters.sort}
        onChange={(value) => {
          const sort = pick(FLAG_SORTS, value);
          if (sort) set({ sort });
        }}
        w={170}
      />
    </Group>
  );
}
