import '../../../components/list-styles';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Code.layer.css';
import { useMemo, useState } from 'react';
import { Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { Role } from '@lantern/contracts/authorisation';
import { ExportButtons } from '../../../components/export-buttons';
import { ErrorAlert } from '../../../components/failure-alert';
import { ListHeader } from '../../../components/list-header';
import { ListSearch } from '../../../components/list-search';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { exportRoleRights } from '../api/export-role-rights';
import { useAuthorisation } from '../api/get-authorisation';
import { AuthorisationNav } from '../components/authorisation-nav';
import { ConfirmRightsModal } from '../components/confirm-rights-modal';
import { RightsMatrix } from '../components/rights-matrix';
import { groupRights, withRight } from '../matrix';
import { counted } from '../../../lib/plural';

export const loader = requireRight('AUTHORISATION__DISPLAY');

/** Roles × rights, grouped by right family; search and role choice live in the address. */
export default function AuthorisationRoute() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const shown = params.getAll('role');
  const data = useAuthorisation('matrix');
  const [change, setChange] = useState<{ role: Role; rights: string[] } | null>(null);
  const canEdit = hasRight(user, 'ROLE_TO_RIGHT__EDIT');

  const roles = useMemo(() => {
    const all = data.data?.roles ?? [];
    return shown.length === 0 ? all : all.filter((r) => shown.includes(r.key));
  }, [data.data, shown]);
  const families = useMemo(() => groupRights(data.data?.rights ?? [], q), [data.data, q]);
  const rightCount = families.reduce((n, f) => n + f.rights.length, 0);

  const update = (next: { q?: string; roles?: string[] }) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.q !== undefined) {
          if (next.q) updated.set('q', next.q);
          else updated.delete('q');
        }
        if (next.roles !== undefined) {
          updated.delete('role');
          for (const key of next.roles) updated.append('role', key);
        }
        return updated;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="sm">
      <ListHeader title="Authorisation">
        {hasRight(user, 'ROLE_TO_RIGHT__EXPORT') ? (
          <ExportButtons onExport={exportRoleRights} />
        ) : null}
      </ListHeader>
      <AuthorisationNav />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <ListSearch
          value={q}
          onSearch={(text) => {
            update({ q: text });
          }}
          placeholder="Family or right, e.g. student edit"
        />
        <MultiSelect
          label="Roles shown"
          placeholder={shown.length === 0 ? 'All roles' : undefined}
          data={(data.data?.roles ?? []).map((r) => ({ value: r.key, label: r.label }))}
          value={shown}
          onChange={(keys) => {
            update({ roles: keys });
          }}
          clearable
          searchable
          w={{ base: '100%', sm: 360 }}
        />
      </Group>
      <ErrorAlert error={data.error} />
      {data.data ? (
        <>
          <Text size="sm" c="gray.8" aria-live="polite">
            {rightCount} of {counted(data.data.rights.length, 'right')} in{' '}
            {counted(families.length, 'family')}
            {canEdit ? ' — tick or untick a box to change a role' : ''}
          </Text>
          <RightsMatrix
            roles={roles}
            families={families}
            onToggle={
              canEdit
                ? (role, right, held) => {
                    setChange({ role, rights: withRight(role.rights, right, held) });
                  }
                : undefined
            }
          />
        </>
      ) : null}
      <ConfirmRightsModal
        change={change}
        onClose={() => {
          setChange(null);
        }}
      />
    </Stack>
  );
}
