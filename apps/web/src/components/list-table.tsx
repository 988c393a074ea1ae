import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { PAGE_SIZES, type ListPageProps } from '../lib/list-state';

/** How every list table looks: compact, striped rows with a border. */
export const TABLE_LOOK = {
  withTableBorder: true,
  striped: true,
  highlightOnHover: true,
  verticalSpacing: 4,
  horizontalSpacing: 'xs',
  fz: 'sm',
  // A table wider than a phone scrolls in its own box: the box takes keyboard focus, so the
  // columns past the edge are reachable without a mouse (WCAG 2.1.1; axe scrollable-region),
  // as the theme does for Table.ScrollContainer.
  scrollAreaProps: { viewportProps: { tabIndex: 0 } },
} as const;

/** "26–50 of 112" under a paged table. */
export const paginationText = ({
  from,
  to,
  totalRecords,
}: {
  from: number;
  to: number;
  totalRecords: number;
}) => `${from}–${to} of ${totalRecords}`;

type ListTableProps<T, S extends string> = ListPageProps<T, S> & {
  label: string;
  minHeight: number;
  noRecordsText: string;
  columns: DataTableColumn<T>[];
  /** Absent when no row opens anything. */
  onOpen?: ((record: T) => void) | undefined;
  /** Absent when no row can be selected. */
  selection?:
    | {
        selected: T[];
        onSelectedChange: (selected: T[]) => void;
        /** Names a row for its checkbox: "Select …". */
        nameOf: (record: T) => string;
      }
    | undefined;
};

/** A server list's table: a page of rows, page size, sort, and optionally opening or selecting
 * rows. */
export function ListTable<T, S extends string>(props: ListTableProps<T, S>) {
  const { selection, onOpen } = props;
  const selectionProps = selection
    ? {
        selectedRecords: selection.selected,
        onSelectedRecordsChange: selection.onSelectedChange,
        allRecordsSelectionCheckboxProps: { 'aria-label': 'Select all on this page' },
        getRecordSelectionCheckboxProps: (record: T) => ({
          'aria-label': `Select ${selection.nameOf(record)}`,
        }),
      }
    : {};
  return (
    <DataTable
      aria-label={props.label}
      {...TABLE_LOOK}
      minHeight={props.minHeight}
      records={props.items}
      fetching={props.isFetching}
      totalRecords={props.total}
      recordsPerPage={props.limit}
      recordsPerPageOptions={[...PAGE_SIZES]}
      onRecordsPerPageChange={props.onLimitChange}
      recordsPerPageLabel="Rows per page"
      page={props.page}
      onPageChange={props.onPageChange}
      paginationText={paginationText}
      noRecordsText={props.noRecordsText}
      sortStatus={{ columnAccessor: props.sort, direction: props.dir }}
      onSortStatusChange={(status) => {
        props.onSortChange(status.columnAccessor as S, status.direction);
      }}
      onRowClick={
        onOpen
          ? ({ record }) => {
              onOpen(record);
            }
          : undefined
      }
      {...selectionProps}
      columns={props.columns}
    />
  );
}
