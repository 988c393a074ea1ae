import '../../../components/form-styles';
import '@mantine/core/styles/Pagination.layer.css';
import 'mantine-datatable/styles.layer.css';
import { useState } from 'react';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import {
  ANNOUNCEMENT_STATUSES,
  type Announcement,
  type AnnouncementStatus,
} from '@lantern/contracts/communication';
import { ErrorAlert } from '../../../components/failure-alert';
import { FilterSelect, ListFilters, ListHeader } from '../../../components/list-header';
import { TABLE_LOOK, paginationText } from '../../../components/list-table';
import { useCurrentUser } from '../../../lib/base-data';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useListState, type ListSpec } from '../../../lib/list-state';
import { hasRight } from '../../../lib/rights';
import { useAnnouncements, useAudienceOptions } from '../api/find-announcements';
import { audienceSummary } from '../components/announcement-form';
import { AnnouncementEditor } from '../components/announcement-editor';

export const loader = requireRight('ANNOUNCEMENT__DISPLAY');

/** Newest first (the API's order); a status filter. */
const SPEC: ListSpec<'created', 'status'> = {
  sorts: ['created'],
  defaultSort: 'created',
  filters: ['status'],
};
const STATUS_COLORS: Record<AnnouncementStatus, string> = {
  draft: 'gray.7',
  published: 'teal.9',
  withdrawn: 'red.9',
};
const isStatus = (v: string | null): v is AnnouncementStatus =>
  ANNOUNCEMENT_STATUSES.some((s) => s === v);

/** Announcements with their reach; holders of the rights write, publish and withdraw them. */
export default function AnnouncementsRoute() {
  const [state, change] = useListState(SPEC);
  const statusParam = state.filters.status ?? null;
  const status = isStatus(statusParam) ? statusParam : null;
  const list = useAnnouncements({ page: state.page, limit: state.limit, q: state.q, status });
  const options = useAudienceOptions();
  const user = useCurrentUser();
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);

  const names = {
    roles: new Map((options.data?.roles ?? []).map((r) => [r.key, r.label])),
    clcs: new Map((options.data?.clcs ?? []).map((c) => [c.id, c.name])),
    programmes: new Map((options.data?.programmes ?? []).map((p) => [p.id, p.code])),
  };

  return (
    <Stack gap="sm">
      <ListHeader title="Announcements">
        {hasRight(user, 'ANNOUNCEMENT__CREATE') ? (
          <Button
            disabled={!options.data}
            onClick={() => {
              setEditing('new');
            }}
          >
            New announcement
          </Button>
        ) : null}
      </ListHeader>
      <ListFilters
        q={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Title or text"
      >
        <FilterSelect
          label="Status"
          placeholder="All"
          width={160}
          data={ANNOUNCEMENT_STATUSES.map((s) => ({ value: s, label: s }))}
          value={status}
          onChange={(v) => {
            change({ filters: { status: v } });
          }}
        />
      </ListFilters>
      <ErrorAlert error={list.error ?? options.error} />
      <DataTable
        aria-label="Announcements"
        {...TABLE_LOOK}
        minHeight={160}
        records={list.data?.items ?? []}
        fetching={list.isFetching}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={state.limit}
        page={state.page}
        onPageChange={(page) => {
          change({ page });
        }}
        paginationText={paginationText}
        noRecordsText="No announcements"
        onRowClick={({ record }) => {
          if (options.data) setEditing(record);
        }}
        columns={[
          {
            accessor: 'title',
            title: 'Title',
            // Two lines, not an ellipsis: a title on one line widened the table past a phone's
            // screen and hid the status and reach behind a sideways scroll.
            render: (a) => (
              <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {a.title}
              </Text>
            ),
          },
          {
            accessor: 'audience',
            title: 'Audience',
            ellipsis: true,
            visibleMediaQuery: '(min-width: 48em)',
            render: (a) => audienceSummary(a.audience, names),
          },
          {
            accessor: 'status',
            title: 'Status',
            width: 110,
            render: (a) => (
              <Badge size="sm" tt="none" color={STATUS_COLORS[a.status]}>
                {a.status}
              </Badge>
            ),
          },
          {
            accessor: 'reach',
            title: 'Reach',
            width: 140,
            render: (a) => `${String(a.read)} of ${String(a.received)} read`,
          },
          {
            accessor: 'publishFrom',
            title: 'From',
            width: 170,
            visibleMediaQuery: '(min-width: 48em)',
            render: (a) => formatDateTime(a.publishFrom ?? a.createdAt),
          },
        ]}
      />
      {editing !== null && options.data ? (
        <AnnouncementEditor
          announcement={editing === 'new' ? null : editing}
          options={options.data}
          can={(right) => hasRight(user, right)}
          onClose={() => {
            setEditing(null);
          }}
        />
      ) : null}
    </Stack>
  );
}
