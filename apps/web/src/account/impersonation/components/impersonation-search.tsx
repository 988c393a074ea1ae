import { useState } from 'react';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { displayError } from '../../../lib/errors';
import { startImpersonation } from '../../../lib/impersonation';
import { isSearchLongEnough, useImpersonators } from '../api/find-impersonators';

/** Search a user to act as; choosing one stores the username and reloads (spec §4). */
export function ImpersonationSearch({ width = 220 }: { width?: number | string }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const impersonators = useImpersonators(debounced);
  const isLongEnough = isSearchLongEnough(search);

  const nothingFound = !isLongEnough
    ? ERROR_TEXTS.impersonationSearchTooShort
    : impersonators.isError
      ? displayError(impersonators.error)
      : impersonators.isFetching || debounced !== search
        ? 'Searching…'
        : 'No user found';

  const data = isLongEnough
    ? (impersonators.data ?? []).map((user) => ({
        value: user.username,
        label: `${user.firstName} ${user.lastName} (${user.username}, ${user.id})`,
      }))
    : [];

  return (
    <Select
      aria-label="Impersonate a user"
      placeholder="Impersonate a user"
      searchable
      size="xs"
      w={width}
      data={data}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound}
      rightSection={impersonators.isFetching ? <Loader size={14} aria-hidden /> : null}
      comboboxProps={{ width: 320, position: 'bottom-end' }}
      onChange={(username) => {
        if (!username) return;
        startImpersonation(username);
      }}
    />
  );
}
