import '../../../components/list-styles';
import { Button, Stack } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { COHORT_SORTS } from '@lantern/contracts/bachelor-cohorts';
import { ErrorAlert } from '../../../components/failure-alert';
import { ListFilters, ListHeader } from '../../../components/list-header';
import { ListTable } from '../../../components/list-table';
import { useCurrentUser } from '../../../lib/base-data';
import { listPageProps, listQuery, useListState, type ListSpec } from '../../../lib/list-state';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useCohorts } from '../api/find-cohorts';
import { bachelorPaths } from '../paths';
import { termKeyLabel } from '../term-label';

export const loader = requireRight('BA_COHORT__DISPLAY');

type CohortSort = (typeof COHORT_SORTS)[number];
const SPEC: ListSpec<CohortSort, never> = {
  sorts: COHORT_SORTS,
  defaultSort: 'intakeTerm',
  defaultDir: 'desc',
  filters: [],
};

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** cohorts/list: the programme's cohorts, their members and last import. */
export default function CohortListRoute() {
  const programmeId = Number(useParams().programme);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [state, change] = useListState(SPEC);
  const cohorts = useCohorts(programmeId, listQuery(state));
  const mayImport = hasRight(user, 'BA_COHORT__IMPORT');
  return (
    <Stack gap="sm">
      <ListHeader title="Cohorts">
        {hasRight(user, 'BA_COHORT__CREATE') ? (
          <Button component={Link} to={bachelorPaths.cohortNew(programmeId)} size="xs">
            New cohort
          </Button>
        ) : null}
      </ListHeader>
      <ListFilters
        q={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Code or intake term"
      />
      <ErrorAlert error={cohorts.error} />
      <ListTable
        {...listPageProps(state, change, cohorts)}
        label="Cohorts"
        minHeight={160}
        noRecordsText="No cohorts yet"
        columns={[
          { accessor: 'code', title: 'Code', sortable: true },
          {
            accessor: 'intakeTerm',
            title: 'Intake term',
            sortable: true,
            width: 120,
            render: (c) => termKeyLabel(c.intakeTerm),
          },
          { accessor: 'members', title: 'Students', sortable: true, textAlign: 'right', width: 90 },
          {
            accessor: 'lastImportAt',
            title: 'Last import',
            sortable: true,
            render: (c) =>
              c.lastImportAt ? `${dateTime(c.lastImportAt)} · ${c.lastImportFile ?? ''}` : '—',
          },
        ]}
        onOpen={
          mayImport
            ? (c) => void navigate(bachelorPaths.cohortImport(programmeId, c.id))
            : undefined
        }
      />
    </Stack>
  );
}
