import '../../../components/list-styles';
import { Button, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { CLC_SORTS } from '@lantern/contracts/clc';
import { CountrySelect } from '../../../components/country-select';
import { ExportButtons } from '../../../components/export-buttons';
import { ErrorAlert } from '../../../components/failure-alert';
import { FilterSelect, ListFilters, ListHeader } from '../../../components/list-header';
import { useCurrentUser } from '../../../lib/base-data';
import {
  HALF_WIDTH,
  listPageProps,
  listQuery,
  useListState,
  type ListSpec,
} from '../../../lib/list-state';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { exportClcs } from '../api/export-clcs';
import { useClcs } from '../api/find-clcs';
import { ClcTable, type ClcSort } from '../components/clc-table';

export const loader = requireRight('CLC__DISPLAY');

type ClcFilter = 'country' | 'active' | 'gel';
const SPEC: ListSpec<ClcSort, ClcFilter> = {
  sorts: CLC_SORTS,
  defaultSort: 'name',
  filters: ['country', 'active', 'gel'],
};

const YES_NO = (yes: string, no: string) => [
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

export default function ClcListRoute() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [state, change] = useListState(SPEC);
  const query = listQuery(state);
  const clcs = useClcs(query);

  return (
    <Stack gap="sm">
      <ListHeader title="CLC partners">
        {hasRight(user, 'CLC__EXPORT') ? (
          <ExportButtons onExport={(format) => exportClcs(format, query)} />
        ) : null}
        {hasRight(user, 'CLC__CREATE') ? (
          <Button component={Link} to="/en/clc-partner/new" size="xs">
            New CLC partner
          </Button>
        ) : null}
      </ListHeader>
      <ListFilters
        q={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Name, code or finance code"
      >
        <CountrySelect
          label="Country"
          placeholder="All countries"
          value={state.filters.country ?? null}
          onChange={(country) => {
            change({ filters: { country } });
          }}
          w={{ base: HALF_WIDTH, xs: 200 }}
        />
        <FilterSelect
          label="Status"
          placeholder="All"
          data={YES_NO('Active', 'Inactive')}
          value={state.filters.active}
          onChange={(active) => {
            change({ filters: { active } });
          }}
          width={130}
        />
        <FilterSelect
          label="GEL"
          placeholder="All"
          data={YES_NO('GEL', 'Not GEL')}
          value={state.filters.gel}
          onChange={(gel) => {
            change({ filters: { gel } });
          }}
          width={130}
        />
      </ListFilters>
      <ErrorAlert error={clcs.error} />
      <ClcTable
        {...listPageProps(state, change, clcs)}
        onOpen={
          hasRight(user, 'CLC__EDIT')
            ? (clc) => void navigate(`/en/clc-partner/${clc.id}/edit`)
            : undefined
        }
      />
    </Stack>
  );
}
