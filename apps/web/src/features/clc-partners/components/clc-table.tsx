import { Badge } from '@mantine/core';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import type { z } from 'zod';
import type { CLC_SORTS, clcListItemSchema } from '@lantern/contracts/clc';
import { countryName } from '../../../lib/countries';
import { PAGE_SIZES, type SortDir } from '../../../lib/list-state';

export type ClcListItem = z.infer<typeof clcListItemSchema>;
export type ClcSort = (typeof CLC_SORTS)[number];

type ClcTableProps = {
  items: ClcListItem[];
  total: number;
  page: number;
  limit: number;
  sort: ClcSort;
  dir: SortDir;
  isFetching: boolean;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  onSortChange: (sort: ClcSort, dir: SortDir) => void;
  /** Absent when the user may not open a CLC (no edit right). */
  onOpen?: ((clc: ClcListItem) => void) | undefined;
};

const WIDE = '(min-width: 48em)';

export function ClcTable(props: ClcTableProps) {
  const sortStatus: DataTableSortStatus<ClcListItem> = {
    columnAccessor: props.sort,
    direction: props.dir,
  };
  return (
    <DataTable
      aria-label="CLC partners"
      withTableBorder
      striped
      highlightOnHover
      verticalSpacing={4}
      horizontalSpacing="xs"
      fz="sm"
      minHeight={200}
      records={props.items}
      fetching={props.isFetching}
      totalRecords={props.total}
      recordsPerPage={props.limit}
      recordsPerPageOptions={[...PAGE_SIZES]}
      onRecordsPerPageChange={props.onLimitChange}
      recordsPerPageLabel="Rows per page"
      page={props.page}
      onPageChange={props.onPageChange}
      paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
      noRecordsText="No CLC partners found"
      sortStatus={sortStatus}
      onSortStatusChange={(status) => {
        props.onSortChange(status.columnAccessor as ClcSort, status.direction);
      }}
      onRowClick={
        props.onOpen
          ? ({ record }) => {
              props.onOpen?.(record);
            }
          : undefined
      }
      columns={[
        { accessor: 'name', title: 'Name', sortable: true, ellipsis: true },
        { accessor: 'code', title: 'Code', sortable: true, width: 90 },
        {
          accessor: 'financeCode',
          title: 'Finance code',
          sortable: true,
          width: 110,
          visibleMediaQuery: WIDE,
        },
        {
          accessor: 'country',
          title: 'Country',
          sortable: true,
          ellipsis: true,
          width: 170,
          render: (clc) => countryName(clc.country),
        },
        { accessor: 'people', title: 'People', sortable: true, textAlign: 'right', width: 80 },
        {
          accessor: 'maxStudents',
          title: 'Max students',
          textAlign: 'right',
          width: 110,
          visibleMediaQuery: WIDE,
          render: (clc) => clc.maxStudents ?? '—',
        },
        {
          accessor: 'isGel',
          title: 'GEL',
          width: 60,
          visibleMediaQuery: WIDE,
          render: (clc) => (clc.isGel ? 'yes' : 'no'),
        },
        {
          accessor: 'isActive',
          title: 'Status',
          width: 90,
          render: (clc) => (
            <Badge size="sm" variant="filled" color={clc.isActive ? 'teal.9' : 'gray.8'}>
              {clc.isActive ? 'active' : 'inactive'}
            </Badge>
          ),
        },
      ]}
    />
  );
}
