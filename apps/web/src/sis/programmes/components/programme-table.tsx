import { Box, Text } from '@mantine/core';
import type { ProgrammeListItem, ProgrammeSort } from '@lantern/contracts/programme';
import { ListTable } from '../../../components/list-table';
import type { ListPageProps } from '../../../lib/list-state';
import { ProgrammeStatusBadge } from './status-badges';
import { formatDate } from '../../../lib/format';

type ProgrammeTableProps = ListPageProps<ProgrammeListItem, ProgrammeSort> & {
  label: string;
  /** Absent when there is no page to open (no right, or a type whose screens come later). */
  onOpen?: ((programme: ProgrammeListItem) => void) | undefined;
};

const NOT_PHONE = '(min-width: 36em)';
const WIDE = '(min-width: 48em)';
const VERY_WIDE = '(min-width: 62em)';

export function ProgrammeTable(props: ProgrammeTableProps) {
  return (
    <ListTable
      {...props}
      minHeight={200}
      noRecordsText="No programmes found"
      columns={[
        { accessor: 'code', title: 'Code', sortable: true, width: 64 },
        {
          accessor: 'title',
          title: 'Title',
          sortable: true,
          render: (p) => (
            <>
              <Text size="sm" lineClamp={2}>
                {p.title}
              </Text>
              {p.internalName !== p.title ? (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {p.internalName}
                </Text>
              ) : null}
              {/* On a phone the status stands under the title: a column of its own would crowd it. */}
              <Box hiddenFrom="xs" mt={2}>
                <ProgrammeStatusBadge status={p.status} />
              </Box>
            </>
          ),
        },
        {
          accessor: 'startDate',
          title: 'Start',
          render: (p) => formatDate(p.startDate),
          sortable: true,
          width: 100,
          noWrap: true,
          visibleMediaQuery: WIDE,
        },
        {
          accessor: 'endDate',
          title: 'End',
          render: (p) => formatDate(p.endDate),
          sortable: true,
          width: 100,
          noWrap: true,
          visibleMediaQuery: WIDE,
        },
        {
          accessor: 'clcs',
          title: 'CLCs',
          ellipsis: true,
          width: 150,
          visibleMediaQuery: VERY_WIDE,
          render: (p) => p.clcs.join(', ') || '—',
        },
        {
          accessor: 'students',
          title: 'Students',
          sortable: true,
          textAlign: 'right',
          width: 100,
          visibleMediaQuery: NOT_PHONE,
        },
        {
          accessor: 'applicants',
          title: 'Applicants',
          textAlign: 'right',
          width: 112,
          visibleMediaQuery: WIDE,
        },
        {
          accessor: 'status',
          title: 'Status',
          sortable: true,
          width: 160,
          visibleMediaQuery: NOT_PHONE,
          render: (p) => <ProgrammeStatusBadge status={p.status} />,
        },
      ]}
    />
  );
}
