import { Badge } from '@mantine/core';
import type { z } from 'zod';
import type { CLC_SORTS, clcListItemSchema } from '@lantern/contracts/clc';
import { ListTable } from '../../../components/list-table';
import { countryName } from '../../../lib/countries';
import type { ListPageProps } from '../../../lib/list-state';

export type ClcListItem = z.infer<typeof clcListItemSchema>;
export type ClcSort = (typeof CLC_SORTS)[number];

type ClcTableProps = ListPageProps<ClcListItem, ClcSort> & {
  /** Absent when the user may not open a CLC (no edit right). */
  onOpen?: ((clc: ClcListItem) => void) | undefined;
};

const WIDE = '(min-width: 48em)';

export function ClcTable(props: ClcTableProps) {
  return (
    <ListTable
      {...props}
      label="CLC partners"
      minHeight={200}
      noRecordsText="No CLC partners found"
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
