import '../../../components/form-styles';
import '@mantine/core/styles/Pagination.layer.css';
import 'mantine-datatable/styles.layer.css';
import { Badge, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useSearchParams } from 'react-router';
import {
  TICKET_KINDS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type TicketKind,
  type TicketStatus,
} from '@lantern/contracts/communication';
import { ErrorAlert } from '../../../components/failure-alert';
import { FilterSelect, ListFilters, ListHeader } from '../../../components/list-header';
import { TABLE_LOOK, paginationText } from '../../../components/list-table';
import { useCurrentUser } from '../../../lib/base-data';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useListState, type ListSpec } from '../../../lib/list-state';
import { hasRight } from '../../../lib/rights';
import { useTickets } from '../api/support-tickets';
import { STATUS_COLORS, TicketDetail } from '../components/ticket-detail';

export const loader = requireRight('SUPPORT_TICKET__DISPLAY');

/** Newest first (the API's order); status and kind filters. */
const SPEC: ListSpec<'created', 'status' | 'kind'> = {
  sorts: ['created'],
  defaultSort: 'created',
  filters: ['status', 'kind'],
};
const KIND_LABELS: Record<TicketKind, string> = {
  support_issue: 'Support issue',
  public_ticket: 'Public ticket',
};
const isStatus = (v: string | null): v is TicketStatus => TICKET_STATUSES.some((s) => s === v);
const isKind = (v: string | null): v is TicketKind => TICKET_KINDS.some((k) => k === v);

/** The helpdesk's tickets: support issues and public tickets, newest first. */
export default function SupportTicketsRoute() {
  const [state, change] = useListState(SPEC);
  const statusParam = state.filters.status ?? null;
  const status = isStatus(statusParam) ? statusParam : null;
  const kindParam = state.filters.kind ?? null;
  const kind = isKind(kindParam) ? kindParam : null;
  const list = useTickets({ page: state.page, limit: state.limit, q: state.q, status, kind });
  const user = useCurrentUser();
  // The ticket open in the drawer, beside the list's state in the address.
  const [params, setParams] = useSearchParams();
  const opened = Number(params.get('ticket')) || null;
  const openTicket = (id: number | null) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('ticket', String(id));
      else next.delete('ticket');
      return next;
    });
  };

  return (
    <Stack gap="sm">
      <ListHeader title="Helpdesk tickets" />
      <ListFilters
        q={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Subject, name, e-mail, text or number"
      >
        <FilterSelect
          label="Status"
          placeholder="All"
          width={150}
          data={TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => {
            change({ filters: { status: v } });
          }}
        />
        <FilterSelect
          label="Kind"
          placeholder="All"
          width={160}
          data={TICKET_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          value={kind}
          onChange={(v) => {
            change({ filters: { kind: v } });
          }}
        />
      </ListFilters>
      <ErrorAlert error={list.error} />
      <DataTable
        aria-label="Helpdesk tickets"
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
        noRecordsText="No tickets"
        onRowClick={({ record }) => {
          openTicket(record.id);
        }}
        columns={[
          { accessor: 'id', title: '#', width: 60 },
          {
            accessor: 'subject',
            title: 'Subject',
            render: (t) => (
              <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {t.subject}
              </Text>
            ),
          },
          {
            accessor: 'name',
            title: 'From',
            width: 180,
            ellipsis: true,
            visibleMediaQuery: '(min-width: 48em)',
          },
          {
            accessor: 'kind',
            title: 'Kind',
            width: 120,
            visibleMediaQuery: '(min-width: 75em)',
            render: (t) => KIND_LABELS[t.kind],
          },
          {
            accessor: 'status',
            title: 'Status',
            width: 110,
            render: (t) => (
              <Badge size="sm" tt="none" color={STATUS_COLORS[t.status]}>
                {TICKET_STATUS_LABELS[t.status]}
              </Badge>
            ),
          },
          {
            accessor: 'createdAt',
            title: 'Received',
            width: 140,
            visibleMediaQuery: '(min-width: 48em)',
            render: (t) => formatDateTime(t.createdAt),
          },
        ]}
      />
      <TicketDetail
        id={opened}
        canEdit={hasRight(user, 'SUPPORT_TICKET__EDIT')}
        onClose={() => {
          openTicket(null);
        }}
      />
    </Stack>
  );
}
