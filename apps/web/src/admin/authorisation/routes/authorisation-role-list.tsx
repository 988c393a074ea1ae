import '../../../components/list-styles';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { useState } from 'react';
import { Button, Code, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { ROLE_SCOPE_LABELS, type Role } from '@lantern/contracts/authorisation';
import { ExportButtons } from '../../../components/export-buttons';
import { ErrorAlert } from '../../../components/failure-alert';
import { ListHeader } from '../../../components/list-header';
import { TABLE_LOOK } from '../../../components/list-table';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { exportRoleRights } from '../api/export-role-rights';
import { useAuthorisation } from '../api/get-authorisation';
import { AuthorisationNav } from '../components/authorisation-nav';
import { ConfirmRightsModal } from '../components/confirm-rights-modal';
import { RoleFormModal } from '../components/role-form-modal';
import { RoleRightsModal } from '../components/role-rights-modal';

export const loader = requireRight('ROLE__DISPLAY');

/** The roles: create, relabel, and choose the rights each holds. */
export default function AuthorisationRoleListRoute() {
  const user = useCurrentUser();
  const data = useAuthorisation('roles');
  const [form, setForm] = useState<Role | 'new' | null>(null);
  const [picking, setPicking] = useState<Role | null>(null);
  const [change, setChange] = useState<{ role: Role; rights: string[] } | null>(null);
  const canRelabel = hasRight(user, 'ROLE__EDIT');
  const canEditRights = hasRight(user, 'ROLE_TO_RIGHT__EDIT');

  return (
    <Stack gap="sm">
      <ListHeader title="Roles">
        {hasRight(user, 'ROLE_TO_RIGHT__EXPORT') ? (
          <ExportButtons onExport={exportRoleRights} />
        ) : null}
        {hasRight(user, 'ROLE__CREATE') ? (
          <Button
            size="xs"
            onClick={() => {
              setForm('new');
            }}
          >
            New role
          </Button>
        ) : null}
      </ListHeader>
      <AuthorisationNav />
      <ErrorAlert error={data.error} />
      <DataTable
        aria-label="Roles"
        {...TABLE_LOOK}
        minHeight={160}
        fetching={data.isFetching && !data.data}
        records={data.data?.roles ?? []}
        idAccessor="key"
        noRecordsText="No roles"
        columns={[
          {
            accessor: 'label',
            title: 'Role',
            render: (r) => (
              <Stack gap={0} align="flex-start">
                <span>{r.label}</span>
                <Code fz="xs">{r.key}</Code>
                <Text size="xs" c="gray.8" hiddenFrom="sm">
                  {r.userCount} {r.userCount === 1 ? 'user' : 'users'} · {r.rights.length} rights ·{' '}
                  {ROLE_SCOPE_LABELS[r.scope]}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'scope',
            title: 'Scope',
            render: (r) => ROLE_SCOPE_LABELS[r.scope],
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'isBuiltIn',
            title: 'Built-in',
            render: (r) => (r.isBuiltIn ? 'Yes' : 'No'),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'userCount',
            title: 'Users',
            textAlign: 'right',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'rights',
            title: 'Rights',
            textAlign: 'right',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (r) => r.rights.length,
          },
          {
            accessor: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            textAlign: 'right',
            render: (r) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {canRelabel ? (
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={`Edit role ${r.label}`}
                    onClick={() => {
                      setForm(r);
                    }}
                  >
                    Edit
                  </Button>
                ) : null}
                {canEditRights ? (
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={`Rights of ${r.label}`}
                    onClick={() => {
                      setPicking(r);
                    }}
                  >
                    Rights
                  </Button>
                ) : null}
              </Group>
            ),
          },
        ]}
      />
      <RoleFormModal
        target={form}
        onClose={() => {
          setForm(null);
        }}
      />
      <RoleRightsModal
        role={picking}
        rights={data.data?.rights ?? []}
        onClose={() => {
          setPicking(null);
        }}
        onReview={(role, rights) => {
          setPicking(null);
          setChange({ role, rights });
        }}
      />
      <ConfirmRightsModal
        change={change}
        onClose={() => {
          setChange(null);
        }}
      />
    </Stack>
  );
}
