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
        { accessor: 'id', title: 'JWL-ID', width: 80 },
        {
          accessor: 'name',
          title: 'Name',
          width: 200,
          render: (p) => (
            <Stack gap={0}>
              <Text size="sm" ff="monospace">
                {showValue(p.firstName)} {showValue(p.lastName)}
              </Text>
              <Text size="xs" c="dimmed">
                {showValue(p.username)}
                {p.roles.length > 0 ? ` · ${p.roles.join(', ').toLowerCase()}` : ''}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'problems',
          title: 'What is wrong',
          render: (p) => (
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
          ),
        },
      ]}
    />
  );
}
