import '../../../components/list-styles';
import '@mantine/core/styles/Code.layer.css';
import { useMemo } from 'react';
import { Badge, Box, Code, Group, Stack, Text } from '@mantine/core';
import type { Role } from '@lantern/contracts/authorisation';
import { rightActionLabel, rightFamilyLabel, rightLabel } from '@lantern/contracts/labels';
import { DataTable } from 'mantine-datatable';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { ListHeader } from '../../../components/list-header';
import { ListSearch } from '../../../components/list-search';
import { TABLE_LOOK } from '../../../components/list-table';
import { requireRight } from '../../../lib/require-right';
import { useAuthorisation } from '../api/get-authorisation';
import { AuthorisationNav } from '../components/authorisation-nav';
import { holdersByRight, rightMatches } from '../matrix';
import { counted } from '../../../lib/plural';

export const loader = requireRight('RIGHT__DISPLAY');

/** Every right with the roles that hold it; the search finds rights and roles alike. */
function Holders({ roles }: { roles: Role[] }) {
  if (roles.length === 0)
    return (
      <Text size="xs" c="gray.8">
        No role
      </Text>
    );
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge key={role.key} size="sm" variant="default" tt="none" title={role.key}>
          {role.label}
        </Badge>
      ))}
    </Group>
  );
}

export default function AuthorisationRightListRoute() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const data = useAuthorisation('rights');
  const holders = useMemo(() => holdersByRight(data.data?.roles ?? []), [data.data]);
  const records = useMemo(
    () =>
      (data.data?.rights ?? [])
        .filter((r) => rightMatches(r, q, holders.get(r.key)))
        .map((r) => ({ ...r, roles: holders.get(r.key) ?? [] })),
    [data.data, q, holders],
  );

  return (
    <Stack gap="sm">
      <ListHeader title="Rights" />
      <AuthorisationNav />
      <ListSearch
        value={q}
        onSearch={(text) => {
          setParams(text ? { q: text } : {}, { replace: true });
        }}
        placeholder="Right, family or role"
      />
      <ErrorAlert error={data.error} />
      {data.data ? (
        <Text size="sm" c="gray.8" aria-live="polite">
          {records.length} of {counted(data.data.rights.length, 'right')}
        </Text>
      ) : null}
      <DataTable
        aria-label="Rights"
        {...TABLE_LOOK}
        minHeight={160}
        fetching={data.isFetching && !data.data}
        records={records}
        idAccessor="key"
        noRecordsText="No right matches the search"
        columns={[
          {
            accessor: 'key',
            title: 'Right',
            render: (r) => (
              <Stack gap={4} align="flex-start">
                <Text size="sm">{rightLabel(r.key)}</Text>
                <Code c="gray.7">{r.key}</Code>
                <Box hiddenFrom="sm">
                  <Holders roles={r.roles} />
                </Box>
              </Stack>
            ),
          },
          {
            accessor: 'family',
            title: 'Family',
            render: (r) => rightFamilyLabel(r.family),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'action',
            title: 'Action',
            render: (r) => rightActionLabel(r.action),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'roles',
            title: 'Held by',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (r) => <Holders roles={r.roles} />,
          },
        ]}
      />
    </Stack>
  );
}
