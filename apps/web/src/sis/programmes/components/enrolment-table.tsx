import { Anchor, Box, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Enrolment, ENROLMENT_SORTS } from '@lantern/contracts/programme';
import { ListTable } from '../../../components/list-table';
import { formatDateTime } from '../../../lib/format';
import type { ListPageProps } from '../../../lib/list-state';
import { EnrolmentStateText } from './status-badges';

export type EnrolmentSort = (typeof ENROLMENT_SORTS)[number];

type EnrolmentTableProps = ListPageProps<Enrolment, EnrolmentSort> & {
  /** Absent when the user may act on no student here (no selection then). */
  selected?: Enrolment[] | undefined;
  onSelectedChange?: ((selected: Enrolment[]) => void) | undefined;
  /** Whether a student's name links to their overview. */
  canOpenStudent: boolean;
  onOpenBreaks: (enrolment: Enrolment) => void;
};

const NOT_PHONE = '(min-width: 36em)';
const WIDE = '(min-width: 48em)';
const VERY_WIDE = '(min-width: 75em)';

/** The students of a programme, with their state and study break. */
export function EnrolmentTable(props: EnrolmentTableProps) {
  return (
    <ListTable
      {...props}
      label="Students in the programme"
      minHeight={180}
      noRecordsText="No students found"
      selection={
        props.selected && props.onSelectedChange
          ? {
              selected: props.selected,
              onSelectedChange: props.onSelectedChange,
              nameOf: (e) => `${e.student.firstName} ${e.student.lastName}`,
            }
          : undefined
      }
      columns={[
        {
          accessor: 'id',
          title: 'JWL-ID',
          sortable: true,
          width: 76,
          visibleMediaQuery: NOT_PHONE,
          render: (e) => e.student.id,
        },
        {
          accessor: 'lastName',
          title: 'Name',
          sortable: true,
          render: (e) => {
            const name = `${e.student.lastName}, ${e.student.firstName}`;
            return (
              <>
                {props.canOpenStudent ? (
                  <Anchor component={Link} to={`/en/student/${e.student.id}/overview`} size="sm">
                    {name}
                  </Anchor>
                ) : (
                  name
                )}
                {/* On a phone the JWL-ID and state stand under the name, not in columns. */}
                <Box hiddenFrom="xs">
                  <Text span size="xs">
                    {e.student.id} ·{' '}
                  </Text>
                  <EnrolmentStateText enrolment={e} size="xs" />
                </Box>
              </>
            );
          },
        },
        {
          accessor: 'clc',
          title: 'CLC',
          sortable: true,
          width: 64,
          render: (e) => e.clc?.code ?? '—',
        },
        {
          accessor: 'class',
          title: 'Class',
          width: 110,
          ellipsis: true,
          visibleMediaQuery: WIDE,
          render: (e) => e.class?.name ?? '—',
        },
        {
          accessor: 'state',
          title: 'State',
          sortable: true,
          visibleMediaQuery: NOT_PHONE,
          render: (e) => <EnrolmentStateText enrolment={e} />,
        },
        {
          accessor: 'reason',
          title: 'Reason',
          ellipsis: true,
          visibleMediaQuery: VERY_WIDE,
          render: (e) =>
            e.reason ? (
              <Text span size="sm" title={e.reason}>
                {e.reason}
              </Text>
            ) : (
              '—'
            ),
        },
        {
          accessor: 'updatedAt',
          title: 'Changed',
          sortable: true,
          width: 150,
          noWrap: true,
          visibleMediaQuery: VERY_WIDE,
          render: (e) => formatDateTime(e.updatedAt),
        },
        {
          accessor: 'breaks',
          title: 'Breaks',
          width: 84,
          render: (e) => (
            <Button
              size="compact-xs"
              variant="default"
              aria-label={`Study breaks of ${e.student.firstName} ${e.student.lastName}`}
              onClick={() => {
                props.onOpenBreaks(e);
              }}
            >
              Breaks
            </Button>
          ),
        },
      ]}
    />
  );
}
