import { Badge } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { MailLogItem } from '@lantern/contracts/mail';
import { TABLE_LOOK, paginationText } from '../../../components/list-table';
import { formatDateTime } from '../../../lib/format';

const STATUS_COLORS: Record<MailLogItem['status'], string> = {
  queued: 'gray',
  sending: 'yellow',
  sent: 'green',
  failed: 'red',
  stored: 'blue',
};

type MailLogTableProps = {
  items: MailLogItem[];
  total: number;
  page: number;
  limit: number;
  isFetching: boolean;
  onPageChange: (page: number) => void;
  onOpen: (mail: MailLogItem) => void;
};

export function MailLogTable({
  items,
  total,
  page,
  limit,
  isFetching,
  onPageChange,
  onOpen,
}: MailLogTableProps) {
  return (
    <DataTable
      aria-label="Mail log"
      {...TABLE_LOOK}
      minHeight={160}
      records={items}
      fetching={isFetching}
      totalRecords={total}
      recordsPerPage={limit}
      page={page}
      onPageChange={onPageChange}
      paginationText={paginationText}
      noRecordsText="No mails found"
      onRowClick={({ record }) => {
        onOpen(record);
      }}
      columns={[
        {
          accessor: 'createdAt',
          title: 'Created',
          width: 120,
          render: (mail) => formatDateTime(mail.createdAt),
        },
        {
          accessor: 'to',
          title: 'To',
          ellipsis: true,
          width: 220,
          visibleMediaQuery: '(min-width: 48em)',
        },
        { accessor: 'subject', title: 'Subject', ellipsis: true },
        {
          accessor: 'kind',
          title: 'Kind',
          width: 140,
          ellipsis: true,
          visibleMediaQuery: '(min-width: 48em)',
        },
        {
          accessor: 'status',
          title: 'Status',
          width: 90,
          render: (mail) => (
            <Badge size="sm" variant="filled" color={STATUS_COLORS[mail.status]}>
              {mail.status}
            </Badge>
          ),
        },
      ]}
    />
  );
}
