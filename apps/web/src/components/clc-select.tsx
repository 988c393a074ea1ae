import { useMemo, useState } from 'react';
import { MultiSelect, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { Select } from './select';
import { useDebouncedValue } from '@mantine/hooks';
import type { ClcRef } from '@lantern/contracts/current-user';
import { DROPDOWN_OPTIONS_LIMIT } from '@lantern/contracts/constants';
import { useClcOptions } from '../lib/clc-options';
import { HALF_WIDTH } from '../lib/list-state';

const NO_CLCS: readonly ClcRef[] = [];
const labelOf = (clc: ClcRef) => `${clc.name} (${clc.code})`;
/** When the server already searched, its answer is shown as it is. */
const keepAll: OptionsFilter = ({ options }) => options;

/** Options for a CLC select: all of them when the first answer is complete, else what the server
 * finds for the typed text; picked CLCs keep their label while the options change. */
function useClcChoices(search: string, picked: readonly ClcRef[]) {
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const all = useClcOptions('');
  const isServerSearch = all.data?.complete === false;
  const found = useClcOptions(isServerSearch ? debounced : '');
  const known = useMemo(
    () =>
      new Map(
        [...(all.data?.items ?? []), ...(found.data?.items ?? []), ...picked].map((clc) => [
          clc.id,
          labelOf(clc),
        ]),
      ),
    [all.data, found.data, picked],
  );
  const data = useMemo(() => {
    const items = (isServerSearch ? found.data?.items : all.data?.items) ?? [];
    const seen = new Set(items.map((clc) => clc.id));
    const extra = picked.filter((clc) => !seen.has(clc.id));
    return [...extra, ...items].map((clc) => ({ value: String(clc.id), label: labelOf(clc) }));
  }, [isServerSearch, found.data, all.data, picked]);
  return {
    data,
    filter: isServerSearch ? keepAll : undefined,
    isLoading: all.isPending || found.isFetching,
    labelOf: (id: number) => known.get(id) ?? String(id),
  };
}

type ClcMultiSelectProps = {
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  /** The CLCs the record has now, so their names show before the options arrive. */
  initial?: readonly ClcRef[];
  error?: string | undefined;
  required?: boolean;
};

export function ClcMultiSelect({
  label,
  value,
  onChange,
  onBlur,
  initial = NO_CLCS,
  error,
  required,
}: ClcMultiSelectProps) {
  const [search, setSearch] = useState('');
  const choices = useClcChoices(search, initial);
  const data = useMemo(() => {
    const have = new Set(choices.data.map((item) => item.value));
    const missing: ComboboxItem[] = value
      .filter((id) => !have.has(String(id)))
      .map((id) => ({ value: String(id), label: choices.labelOf(id) }));
    return [...missing, ...choices.data];
  }, [choices, value]);
  return (
    <MultiSelect
      label={label}
      data={data}
      value={value.map(String)}
      onChange={(values) => {
        onChange(values.map(Number));
      }}
      onBlur={onBlur}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={choices.filter}
      limit={DROPDOWN_OPTIONS_LIMIT}
      hidePickedOptions
      nothingFoundMessage={choices.isLoading ? 'Loading CLCs…' : 'No CLC found'}
      required={required}
      error={error}
    />
  );
}

type ClcFilterSelectProps = {
  value: string | null;
  onChange: (id: string | null) => void;
  /** In a form: one CLC must be chosen (no "all", no clearing); its message under it. */
  required?: boolean;
  error?: string | undefined;
};

/** The CLC filter of a list: one CLC or all (or, `required`, a form's CLC). */
export function ClcFilterSelect({ value, onChange, required, error }: ClcFilterSelectProps) {
  const [search, setSearch] = useState('');
  const choices = useClcChoices(search, NO_CLCS);
  const data = useMemo(() => {
    if (!value || choices.data.some((item) => item.value === value)) return choices.data;
    return [{ value, label: choices.labelOf(Number(value)) }, ...choices.data];
  }, [choices, value]);
  return (
    <Select
      label="CLC"
      placeholder={required ? 'Choose a CLC' : 'All CLCs'}
      required={required}
      error={error}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={choices.filter}
      limit={DROPDOWN_OPTIONS_LIMIT}
      clearable={!required}
      nothingFoundMessage={choices.isLoading ? 'Loading CLCs…' : 'No CLC found'}
      w={{ base: HALF_WIDTH, xs: 220 }}
    />
  );
}
