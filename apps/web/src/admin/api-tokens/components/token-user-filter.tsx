import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { FilterSelect } from '../../../components/list-header';
import { useApiTokenUsers } from '../api/find-api-token-users';

type TokenUserFilterProps = {
  value: string | null;
  onChange: (userId: string | null) => void;
  /** The chosen user's name from the rows shown, while the search lists others. */
  knownName?: string | undefined;
};

/** The list's user filter: the users holding a token, searched on the server by name. */
export function TokenUserFilter({ value, onChange, knownName }: TokenUserFilterProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const users = useApiTokenUsers(q, 'holders');
  const data = useMemo(() => {
    const options = (users.data?.items ?? []).map((u) => ({
      value: String(u.id),
      label: `${u.name} (${u.username})`,
    }));
    if (!value || options.some((o) => o.value === value)) return options;
    return [{ value, label: knownName ?? `JWL ID ${value}` }, ...options];
  }, [users.data, value, knownName]);
  return (
    <FilterSelect
      label="User"
      placeholder="All users"
      width={240}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={users.isFetching ? 'Searching…' : 'No user with a token matches'}
    />
  );
}
