import '../../../components/list-styles';
import { useMemo, useState } from 'react';
import { Button, Group, Stack, Text, type MantineTheme } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useSearchParams } from 'react-router';
import type { AuditLogFilter } from '@lantern/contracts/audit-log';
import { ExportButtons } from '../../../components/export-buttons';
import { ErrorAlert } from '../../../components/failure-alert';
import { ListHeader } from '../../../components/list-header';
import { TABLE_LOOK } from '../../../components/list-table';
import { useCurrentUser } from '../../../lib/base-data';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { exportAuditLog } from '../api/export-audit-log';
import { useAuditLog } from '../api/find-audit-log';
import { useEntityTypes } from '../api/get-entity-types';
import { filterFromParams, FILTER_NAMES, personLabel } from '../audit-format';
import { AuditChanges } from '../components/audit-changes';
import { AuditFilters } from '../components/audit-filters';
import { AuditAction, recordLabel } from '../components/audit-action';

const LIMIT = 50;
const WIDE = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;
const NARROW = (theme: MantineTheme) => `(max-width: calc(${theme.breakpoints.sm} - 1px))`;

export const loader = requireRight('AUDIT_LOG__DISPLAY');

const cursorOf = (value: string | null): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Who did what to which record, when and from where; newest first, a page at a time. */
export default function AuditLogRoute() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const before = cursorOf(params.get('before'));
  const log = useAuditLog({ ...filter, limit: LIMIT, before });
  const entityTypes = useEntityTypes();
  // The cursors of the newer pages seen, to go back one page.
  const [newer, setNewer] = useState<(number | undefined)[]>([]);
  const [expanded, setExpanded] = useState<number[]>([]);

  const go = (next: { filter?: AuditLogFilter; before?: number | undefined }) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next.filter) {
        for (const name of FILTER_NAMES) {
          const value = next.filter[name]?.trim();
          if (value) updated.set(name, value);
          else updated.delete(name);
        }
      }
      if (next.before === undefined) updated.delete('before');
      else updated.set('before', String(next.before));
      return updated;
    });
    setExpanded([]);
  };

  const page = newer.length + 1;
  return (
    <Stack gap="sm">
      <ListHeader title="Audit log">
        {hasRight(user, 'AUDIT_LOG__EXPORT') ? (
          <ExportButtons onExport={(format) => exportAuditLog(format, filter)} />
        ) : null}
      </ListHeader>
      <AuditFilters
        value={filter}
        entityTypes={entityTypes.data ?? []}
        onApply={(next) => {
          setNewer([]);
          go({ filter: next });
        }}
      />
      <ErrorAlert error={log.error} />
      <DataTable
        aria-label="Audit log"
        {...TABLE_LOOK}
        minHeight={200}
        fetching={log.isFetching}
        records={log.data?.items ?? []}
        noRecordsText="No entries match the filters"
        rowExpansion={{
          allowMultiple: true,
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => <AuditChanges item={record} />,
        }}
        columns={[
          {
            // A phone shows each entry as one cell: when, who, what, which record.
            accessor: 'summary',
            title: 'Entry',
            visibleMediaQuery: NARROW,
            render: (a) => (
              <Stack gap={0}>
                <Text size="xs" c="gray.8">
                  {formatDateTime(a.at)}
                </Text>
                <Text size="sm" fw={600}>
                  <AuditAction action={a.action} /> · {recordLabel(a)}
                </Text>
                <Text size="xs">{personLabel(a.actor)}</Text>
                {a.impersonator ? (
                  <Text size="xs" c="gray.8">
                    impersonated by {personLabel(a.impersonator)}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          {
            accessor: 'at',
            title: 'When',
            render: (a) => formatDateTime(a.at),
            noWrap: true,
            visibleMediaQuery: WIDE,
          },
          {
            accessor: 'actor',
            title: 'User',
            visibleMediaQuery: WIDE,
            render: (a) => (
              <>
                {personLabel(a.actor)}
                {a.impersonator ? (
                  <Text size="xs" c="gray.8">
                    impersonated by {personLabel(a.impersonator)}
                  </Text>
                ) : null}
              </>
            ),
          },
          {
            accessor: 'action',
            title: 'Action',
            visibleMediaQuery: WIDE,
            render: (a) => <AuditAction action={a.action} />,
          },
          {
            accessor: 'entityType',
            title: 'Record',
            visibleMediaQuery: WIDE,
            render: recordLabel,
          },
          {
            accessor: 'ip',
            title: 'From',
            render: (a) => a.ip ?? '—',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          },
        ]}
      />
      <Group justify="space-between">
        <Text size="sm" c="gray.8">
          Page {page} · newest first · a row opens its changes
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            disabled={before === undefined}
            onClick={() => {
              const previous = newer.at(-1);
              setNewer((stack) => stack.slice(0, -1));
              go({ before: previous });
            }}
          >
            Newer
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={!log.data?.next}
            onClick={() => {
              setNewer((stack) => [...stack, before]);
              go({ before: log.data?.next ?? undefined });
            }}
          >
            Older
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
