import '../../../components/form-styles';
import '@mantine/core/styles/Pagination.layer.css';
import 'mantine-datatable/styles.layer.css';
import { useState } from 'react';
import { Badge, Button, Stack } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useSearchParams } from 'react-router';
import {
  ANNOUNCEMENT_STATUSES,
  type Announcement,
  type AnnouncementStatus,
} from '@lantern/contracts/communication';
import { ErrorAlert } from '../../../components/failure-alert';
import { FilterSelect, ListFilters, ListHeader } from '../../../components/list-header';
import { TABLE_LOOK, paginationText } from '../../../components/list-table';
import { useCurrentUser } from '../../../lib/base-data';
import { formatShortTimestamp } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useAnnouncements, useAudienceOptions } from '../api/find-announcements';
import { audienceSummary } from '../components/announcement-form';
import { AnnouncementEditor } from '../components/announcement-editor';

export const loader = requireRight('ANNOUNCEMENT__DISPLAY');

const LIMIT = 25;
const STATUS_COLORS: Record<AnnouncementStatus, string> = {
  draft: 'gray.7',
  published: 'teal.9',
  withdrawn: 'red.9',
};
const isStatus = (v: string | null): v is AnnouncementStatus =>
  ANNOUNCEMENT_STATUSES.some((s) => s === v);

/** Announcements with their reach; holders of the rights write, publish and withdraw them. */
export default function AnnouncementsRoute() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : null;
  const list = useAnnouncements({ page, limit: LIMIT, q, status });
  const options = useAudienceOptions();
  const user = useCurrentUser();
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);

  const update = (patch: Record<string, string | null>) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(patch)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });
  };
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
        q={q}
        onSearch={(next) => {
          update({ q: next, page: null });
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
            update({ status: v, page: null });
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
        recordsPerPage={LIMIT}
        page={page}
        onPageChange={(p) => {
          update({ page: String(p) });
        }}
        paginationText={paginationText}
        noRecordsText="No announcements"
        onRowClick={({ record }) => {
          if (options.data) setEditing(record);
        }}
        columns={[
          { accessor: 'title', title: 'Title', ellipsis: true },
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
            title: 'Read / received',
            width: 150,
            render: (a) => `${a.read} / ${a.received}`,
          },
          {
            accessor: 'publishFrom',
            title: 'From',
            width: 140,
            visibleMediaQuery: '(min-width: 48em)',
            render: (a) => formatShortTimestamp(a.publishFrom ?? a.createdAt),
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
