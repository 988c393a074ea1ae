import { useMemo, useState } from 'react';
import { MultiSelect, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DROPDOWN_OPTIONS_LIMIT } from '@lantern/contracts/constants';
import { useStaffOptions, type StaffKind } from '../api/find-staff-options';

type Person = { id: number; firstName: string; lastName: string };

const labelOf = (p: Person & { username?: string }) =>
  `${p.lastName}, ${p.firstName} (${p.username ?? p.id})`;
/** When the server already searched, its answer is shown as it is. */
const keepAll: OptionsFilter = ({ options }) => options;

type StaffMultiSelectProps = {
  kind: StaffKind;
  label: string;
  description?: string | undefined;
  value: number[];
  onChange: (ids: number[]) => void;
  /** The people the class has now, so their names show without a search. */
  initial: readonly Person[];
  /** Whether the user may list these people at all; without, only the current ones show. */
  canSearch: boolean;
  error?: string | undefined;
};

/** Facilitators or faculty for a class: the first page of options at once; when there are more
 * than one page holds, the typed text is searched on the server. */
export function StaffMultiSelect({
  kind,
  label,
  description,
  value,
  onChange,
  initial,
  canSearch,
  error,
}: StaffMultiSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const all = useStaffOptions(kind, '', canSearch);
  const isServerSearch = all.data?.complete === false;
  const found = useStaffOptions(kind, isServerSearch ? debounced : '', canSearch);
  const [seen, setSeen] = useState<ReadonlyMap<number, string>>(
    () => new Map(initial.map((p) => [p.id, labelOf(p)])),
  );
  const items = useMemo(
    () => (isServerSearch ? found.data?.items : all.data?.items) ?? [],
    [isServerSearch, found.data, all.data],
  );
  const data = useMemo(() => {
    const shown = new Set(items.map((p) => p.id));
    // Picked people keep their label while the options change under a new search.
    const picked = value
      .filter((id) => !shown.has(id))
      .map((id) => ({ value: String(id), label: seen.get(id) ?? String(id) }));
    return [...picked, ...items.map((p) => ({ value: String(p.id), label: labelOf(p) }))];
  }, [items, value, seen]);
  const isLoading = all.isPending || found.isFetching;
  return (
    <MultiSelect
      label={label}
      description={
        canSearch ? description : 'You may not list these people; the current ones are kept.'
      }
      data={data}
      value={value.map(String)}
      onChange={(values) => {
        const ids = values.map(Number);
        setSeen((before) => {
          const next = new Map(before);
          for (const p of items) if (ids.includes(p.id)) next.set(p.id, labelOf(p));
          return next;
        });
        onChange(ids);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={isServerSearch ? keepAll : undefined}
      limit={DROPDOWN_OPTIONS_LIMIT}
      hidePickedOptions
      nothingFoundMessage={canSearch && isLoading ? 'Loading…' : 'Nobody found'}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
