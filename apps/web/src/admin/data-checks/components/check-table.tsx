import { Button, Group, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import {
  CHECK_FIELD_LABELS,
  type CheckField,
  type DataCheckItem,
} from '@lantern/contracts/data-checks';
import { TABLE_LOOK, paginationText } from '../../../components/list-table';
import { PAGE_SIZES } from '../../../lib/list-state';
import { showValue } from './show-value';

type CheckTableProps = {
  label: string;
  items: DataCheckItem[];
  total: number;
  page: number;
  limit: number;
  isFetching: boolean;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  /** Absent without the right to fix. */
  onFix?: ((person: DataCheckItem, field: CheckField) => void) | undefined;
};

/** The people a check finds: who, and each thing wrong with the value and the way to fix it. */
function Person({ p }: { p: DataCheckItem }) {
  return (
    <Stack gap={0}>
      <Text size="sm" ff="monospace">
        {showValue(p.firstName)} {showValue(p.lastName)}
      </Text>
      <Text size="xs" c="dimmed">
        {showValue(p.username)}
        {p.roles.length > 0 ? ` · ${p.roles.join(', ').toLowerCase()}` : ''}
      </Text>
    </Stack>
  );
}

function Problems({ p, onFix }: { p: DataCheckItem; onFix: CheckTableProps['onFix'] }) {
  return (
    <Stack gap={4}>
      {p.problems.map((problem, i) => (
        <Group key={`${problem.field ?? 'none'}-${String(i)}`} gap="xs" wrap="wrap">
          <Text size="sm">
            {problem.field ? (
              <>
                <Text span size="sm" fw={600}>
                  {CHECK_FIELD_LABELS[problem.field]}
                </Text>
                {problem.value !== null ? (
                  <Text span size="sm" ff="monospace">
                    {' '}
                    {showValue(problem.value)}
                  </Text>
                ) : null}
                {': '}
              </>
            ) : null}
            {problem.message}
            {problem.suggestion !== undefined ? (
              <Text span size="sm" c="dimmed">
                {' '}
                → {showValue(problem.suggestion)}
              </Text>
            ) : null}
          </Text>
          {onFix && problem.field ? (
            <Button
              size="compact-xs"
              variant="light"
              aria-label={`Fix ${CHECK_FIELD_LABELS[problem.field].toLowerCase()} of ${p.firstName.trim()} ${p.lastName.trim()}`}
              onClick={() => {
                if (problem.field) onFix(p, problem.field);
              }}
            >
              Fix
            </Button>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}

const WIDE = '(min-width: 48em)';
const NARROW = '(max-width: 47.99em)';

export function CheckTable({ onFix, ...props }: CheckTableProps) {
  return (
    <DataTable
      aria-label={props.label}
      {...TABLE_LOOK}
      minHeight={160}
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
      noRecordsText="Nothing found: all clean"
      columns={[
        { accessor: 'id', title: 'JWL-ID', width: 80, visibleMediaQuery: WIDE },
        {
          accessor: 'name',
          title: 'Name',
          width: 220,
          visibleMediaQuery: WIDE,
          render: (p) => <Person p={p} />,
        },
        {
          accessor: 'problems',
          title: 'What is wrong',
          visibleMediaQuery: WIDE,
          render: (p) => <Problems p={p} onFix={onFix} />,
        },
        {
          // On a phone: one column, the person above what is wrong.
          accessor: 'person',
          title: 'Person and what is wrong',
          visibleMediaQuery: NARROW,
          render: (p) => (
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                JWL-ID {p.id}
              </Text>
              <Person p={p} />
              <Problems p={p} onFix={onFix} />
            </Stack>
          ),
        },
      ]}
    />
  );
}
