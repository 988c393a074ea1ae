import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  PROGRAMME_SORTS,
  PROGRAMME_STATUS_LABELS,
  PROGRAMME_STATUSES,
  type ProgrammeSort,
} from '@lantern/contracts/programme';
import { ClcFilterSelect } from '../../../components/clc-select';
import { ErrorAlert } from '../../../components/failure-alert';
import { FilterSelect, ListFilters } from '../../../components/list-header';
import { useCurrentUser } from '../../../lib/base-data';
import { labelledOptions } from '../../../lib/enumerations';
import { listPageProps, listQuery, useListState, type ListSpec } from '../../../lib/list-state';
import { hasRight } from '../../../lib/rights';
import { useProgrammes } from '../api/find-programmes';
import { bachelorHomePath, programmeOverviewPath, type ProgrammeTab } from '../paths';
import { TAB_LABELS } from '../programme-entry';
import { ProgrammeTable } from './programme-table';

type ProgrammeFilter = 'status' | 'year' | 'clc';
const SPEC: ListSpec<ProgrammeSort, ProgrammeFilter> = {
  sorts: PROGRAMME_SORTS,
  defaultSort: 'startDate',
  defaultDir: 'desc',
  filters: ['status', 'year', 'clc'],
};

const STATUS_OPTIONS = labelledOptions(PROGRAMME_STATUSES, PROGRAMME_STATUS_LABELS);

/** Programmes run a year or two ahead and stay on record for years behind. */
const yearOptions = (): string[] => {
  const now = new Date().getUTCFullYear();
  return Array.from({ length: 15 }, (_, i) => String(now + 2 - i));
};

/** One tab of programme/list: search, filters, sort and paging in the address. */
export function ProgrammeListView({ tab }: { tab: ProgrammeTab }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [state, change] = useListState(SPEC);
  const query = listQuery(state);
  const programmes = useProgrammes(tab, query);
  const canOpen =
    tab === 'professional-certificate'
      ? hasRight(user, 'PC_PROGRAMME__DISPLAY')
      : hasRight(user, 'PROGRAMME_ACADEMIC__DISPLAY');
  const openPath = tab === 'professional-certificate' ? programmeOverviewPath : bachelorHomePath;

  return (
    <Stack gap="sm">
      <ListFilters
        q={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Code, title or internal name"
      >
        <FilterSelect
          label="Status"
          placeholder="All"
          data={STATUS_OPTIONS}
          value={state.filters.status}
          onChange={(status) => {
            change({ filters: { status } });
          }}
          width={170}
        />
        <FilterSelect
          label="Year"
          placeholder="All"
          data={yearOptions()}
          value={state.filters.year}
          onChange={(year) => {
            change({ filters: { year } });
          }}
          width={110}
        />
        <ClcFilterSelect
          value={state.filters.clc ?? null}
          onChange={(clc) => {
            change({ filters: { clc } });
          }}
        />
      </ListFilters>
      <ErrorAlert error={programmes.error} />
      <ProgrammeTable
        label={TAB_LABELS[tab]}
        {...listPageProps(state, change, programmes)}
        onOpen={canOpen ? (programme) => void navigate(openPath(programme.id)) : undefined}
      />
    </Stack>
  );
}
