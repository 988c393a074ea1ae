import { useState } from 'react';
import { Select } from '../../../components/select';
import { useDebouncedValue } from '@mantine/hooks';
import { useCreditStudents } from '../api/find-credit-students';

/** Picks a student of the programme by name or JWL-ID (the server searches). */
export function StudentSelect({
  programmeId,
  value,
  onChange,
  error,
  label = 'Student',
}: {
  programmeId: number;
  value: number | null;
  onChange: (enrolmentId: number | null) => void;
  error?: string | undefined;
  label?: string;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const found = useCreditStudents(programmeId, { q, limit: 50, page: 1 });
  const data = (found.data?.items ?? []).map((s) => ({
    value: String(s.enrolmentId),
    label: `${s.name} (${s.jwlId})${s.clc ? ` · ${s.clc}` : ''}`,
  }));
  return (
    <Select
      label={label}
      required
      searchable
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => {
        onChange(v ? Number(v) : null);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No student matches'}
      error={error}
    />
  );
}
