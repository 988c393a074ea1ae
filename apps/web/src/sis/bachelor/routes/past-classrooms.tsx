import '../../../components/list-styles';
import { Anchor, SegmentedControl, Stack } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { Link, useNavigate, useOutletContext, useParams } from 'react-router';
import type { BachelorSummary } from '@lantern/contracts/bachelor';
import type { Classroom } from '@lantern/contracts/bachelor-terms';
import { ErrorAlert } from '../../../components/failure-alert';
import { ListFilters } from '../../../components/list-header';
import { TABLE_LOOK, paginationText } from '../../../components/list-table';
import { formatDate } from '../../../lib/format';
import { useListState, type ListSpec } from '../../../lib/list-state';
import { requireRight } from '../../../lib/require-right';
import { usePastClassrooms } from '../api/find-past-classrooms';
import { bachelorPaths } from '../paths';
import { termKeyLabel } from '../term-label';

export const loader = requireRight('CLASSROOM__DISPLAY');

const SPEC: ListSpec<'term', never> = { sorts: ['term'], defaultSort: 'term', filters: [] };

/** students/past-classrooms/open|closed — classrooms left open after their term, and closed ones. */
export default function PastClassroomsRoute() {
  const summary = useOutletContext<BachelorSummary>();
  const navigate = useNavigate();
  const which = useParams().which === 'closed' ? 'closed' : 'open';
  const termNames = new Map(summary.terms.map((t) => [t.key, t.name]));
  const [state, change] = useListState(SPEC);
  const list = usePastClassrooms(summary.id, which, {
    ...(state.q ? { q: state.q } : {}),
    page: state.page,
    limit: state.limit,
  });
  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        aria-label="Past classrooms"
        w="fit-content"
        value={which}
        onChange={(v) =>
          void navigate(bachelorPaths.pastClassrooms(summary.id, v as 'open' | 'closed'))
        }
        data={[
          { value: 'open', label: 'Still open after their term' },
          { value: 'closed', label: 'Closed' },
        ]}
      />
      <ListFilters
        q={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Classroom or course"
      />
      <ErrorAlert error={list.error} />
      <DataTable<Classroom>
        aria-label={which === 'closed' ? 'Closed classrooms' : 'Classrooms open after their term'}
        {...TABLE_LOOK}
        minHeight={180}
        records={list.data?.classrooms ?? []}
        fetching={list.isFetching}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={state.limit}
        page={state.page}
        onPageChange={(page) => {
          change({ page });
        }}
        paginationText={paginationText}
        noRecordsText="No classrooms"
        columns={[
          {
            accessor: 'termKey',
            title: 'Term',
            render: (c) => termNames.get(c.termKey) ?? termKeyLabel(c.termKey),
          },
          {
            accessor: 'name',
            title: 'Classroom',
            render: (c) => (
              <Anchor
                component={Link}
                size="sm"
                to={bachelorPaths.classroom(summary.id, c.termKey, c.courseId, 0)}
              >
                {c.name}
              </Anchor>
            ),
          },
          { accessor: 'courseCode', title: 'Course', render: (c) => `${c.courseCode} ${c.title}` },
          { accessor: 'clc', title: 'CLC' },
          { accessor: 'students', title: 'Students' },
          {
            accessor: 'closedAt',
            title: 'Closed',
            render: (c) => (c.closedAt ? formatDate(c.closedAt) : '–'),
          },
        ]}
      />
    </Stack>
  );
}
