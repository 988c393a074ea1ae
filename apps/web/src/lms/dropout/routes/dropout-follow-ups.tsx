import '../../../components/list-styles';
import '../../../components/form-styles';
import { Anchor, Stack, Tabs, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import {
  DROPOUT_CRITERIA,
  DROPOUT_CRITERION_LABELS,
  FOLLOW_UP_KIND_LABELS,
  FOLLOW_UP_SORTS,
  type FollowUp,
  type FollowUpSort,
} from '@lantern/contracts/dropout';
import { ErrorAlert } from '../../../components/failure-alert';
import { FilterSelect, ListFilters, ListHeader } from '../../../components/list-header';
import { ListTable } from '../../../components/list-table';
import { useCurrentUser } from '../../../lib/base-data';
import { labelledOptions } from '../../../lib/enumerations';
import { formatDate } from '../../../lib/format';
import { listPageProps, listQuery, useListState, type ListSpec } from '../../../lib/list-state';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useMyFollowUps } from '../api/find-my-follow-ups';
import { FlagStatusBadge } from '../components/flag-evidence';
import { FollowUpCard } from '../components/follow-up-card';

export const loader = requireRight('DROPOUT_FOLLOW_UP__DISPLAY');

type FollowUpFilter = 'status' | 'criterion';
/** Open ones by default (no `status` in the address), the longest waiting first. */
const SPEC: ListSpec<FollowUpSort, FollowUpFilter> = {
  sorts: FOLLOW_UP_SORTS,
  defaultSort: 'flagged',
  filters: ['status', 'criterion'],
};
const CRITERION_OPTIONS = labelledOptions(DROPOUT_CRITERIA, DROPOUT_CRITERION_LABELS);

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

const programmeAndClass = (o: FollowUp) =>
  `${o.programme}${o.className ? ` · ${o.className}` : ''}`;

/**
 * `dropout-follow-ups` (decision 0021 §3.4): the follow-ups of flagged students assigned to the
 * user (coordinators: their CLCs'; facilitators: their classes'), open or done, as a list like
 * the app's others (search, criterion filter, sort, pages on the server). A row opens its flag's
 * follow-up with the evidence and the form to record the outcome; a notification's link opens
 * one flag's (`?flag=`), and the way back keeps the list as it was.
 */
export default function DropoutFollowUpsRoute() {
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const flagId = positive(params.get('flag'));
  const [state, change] = useListState(SPEC);
  const status = state.filters.status === 'done' ? 'done' : 'open';
  const list = useMyFollowUps(
    flagId === null ? { flagId: null, query: { ...listQuery(state), status } } : { flagId },
  );
  const data = list.data;
  const canOpenList = hasRight(user, 'DROPOUT_FLAGGING__DISPLAY');

  const open = (o: FollowUp) => {
    const next = new URLSearchParams(params);
    next.set('flag', String(o.flagId));
    setParams(next);
  };
  const back = new URLSearchParams(params);
  back.delete('flag');
  const backSearch = back.toString();

  if (flagId !== null)
    return (
      <Stack gap="sm" maw={900}>
        <ListHeader title="Follow-ups" />
        <ErrorAlert error={list.error} />
        <Anchor
          component={Link}
          to={`/en/dropout-follow-ups${backSearch ? `?${backSearch}` : ''}`}
          size="sm"
        >
          ← All follow-ups
        </Anchor>
        {data && data.followUps.length > 0 ? (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.followUps.map((o) => (
              <FollowUpCard key={o.id} followUp={o} tasks={data.tasks} canOpenList={canOpenList} />
            ))}
          </Stack>
        ) : (
          <Text size="sm">
            {data ? 'This follow-up is not yours, or it no longer exists.' : 'Loading…'}
          </Text>
        )}
      </Stack>
    );

  const searched = state.q !== '' || state.filters.criterion !== undefined;
  return (
    <Stack gap="sm">
      <ListHeader title="Follow-ups" />
      <Text size="sm">
        Students flagged for dropout whom you look after: call or visit them, then record what came
        of it. Open one to see why they were flagged.
      </Text>
      <ListFilters
        q={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Student, programme or class"
      >
        <FilterSelect
          label="Criterion"
          placeholder="All criteria"
          width={230}
          data={CRITERION_OPTIONS}
          value={state.filters.criterion}
          onChange={(criterion) => {
            change({ filters: { criterion } });
          }}
        />
      </ListFilters>
      <ErrorAlert error={list.error} />
      <Tabs
        value={status}
        onChange={(value) => {
          if (value === 'open' || value === 'done')
            change({ filters: { status: value === 'done' ? 'done' : null } });
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="open">Open{data ? ` (${String(data.counts.open)})` : ''}</Tabs.Tab>
          <Tabs.Tab value="done">Done{data ? ` (${String(data.counts.done)})` : ''}</Tabs.Tab>
        </Tabs.List>
        {/* The table is the open tab's panel, so each tab names the panel it controls. */}
        <Tabs.Panel value={status} pt="sm">
          <ListTable
            label={status === 'open' ? 'Open follow-ups' : 'Done follow-ups'}
            minHeight={160}
            noRecordsText={
              searched
                ? 'No follow-ups match the search.'
                : status === 'open'
                  ? 'No open follow-ups: nobody you look after is waiting for one.'
                  : 'No follow-ups recorded yet.'
            }
            {...listPageProps(state, change, {
              data: data ? { items: data.followUps, total: data.total } : undefined,
              isFetching: list.isFetching,
            })}
            onOpen={open}
            columns={[
              { accessor: 'name', title: 'Student', sortable: true, render: (o) => o.student },
              {
                accessor: 'programme',
                title: 'Programme · class',
                sortable: true,
                visibleMediaQuery: '(min-width: 48em)',
                render: programmeAndClass,
              },
              {
                accessor: 'criterion',
                title: 'Criterion',
                render: (o) => DROPOUT_CRITERION_LABELS[o.criterion],
              },
              {
                accessor: 'flagged',
                title: 'Flagged on',
                sortable: true,
                width: 120,
                render: (o) => formatDate(o.firstFlaggedAt),
              },
              status === 'open'
                ? {
                    accessor: 'flagStatus',
                    title: 'Status',
                    width: 120,
                    visibleMediaQuery: '(min-width: 48em)',
                    render: (o) => <FlagStatusBadge status={o.flagStatus} />,
                  }
                : {
                    accessor: 'done',
                    title: 'Recorded',
                    sortable: true,
                    width: 180,
                    render: (o) =>
                      `${o.kind ? FOLLOW_UP_KIND_LABELS[o.kind] : 'Done'}${o.doneAt ? ` on ${formatDate(o.doneAt)}` : ''}`,
                  },
            ]}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
