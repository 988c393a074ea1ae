import { useState } from 'react';
import { Alert, Button, Loader, Radio, Stack, Text } from '@mantine/core';
import type { RoleScope } from '@lantern/contracts/roles';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useApplicationRoles } from '../api/get-application-roles';
import { useSelectRole } from '../api/select-role';

const ROLE_TEXTS = outcomeTexts('Role changed', 'The role was not changed');

const SCOPE_LABELS: Record<RoleScope, string> = {
  all_clcs: 'all CLCs',
  own_clcs: 'your CLCs',
  own_records: 'your own records',
};

type RolePickerProps = {
  /** Called after the role was changed (the modal closes itself). */
  onChanged?: () => void;
  autoFocus?: boolean;
};

/** Lists the possible roles; exactly one is chosen and posted, then base data reloads (spec §6). */
export function RolePicker({ onChanged, autoFocus = false }: RolePickerProps) {
  const roles = useApplicationRoles();
  const selectRole = useSelectRole();
  const [choice, setChoice] = useState<string | null>(null);

  if (roles.isPending) return <Loader size="sm" aria-label="Loading roles" />;
  if (roles.isError) {
    return (
      <Alert color="red.9" variant="light" role="alert" title="Roles error">
        {displayError(roles.error)}
      </Alert>
    );
  }

  const options = roles.data.possibleApplicationRoles;
  const active = options.find((role) => role.active)?.key ?? null;
  const selected = choice ?? active;

  if (options.length === 0) return <Text size="sm">You have no role to choose from.</Text>;

  const submit = async () => {
    if (selected === null) return;
    try {
      await selectRole.mutateAsync({ role: selected });
      notifySuccess('role-picker', ROLE_TEXTS);
      setChoice(null);
      onChanged?.();
    } catch (error) {
      notifyFailure('role-picker', displayError(error), ROLE_TEXTS);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Radio.Group label="Active role" value={selected} onChange={setChoice}>
          <Stack gap={6} mt={6}>
            {options.map((role, index) => (
              <Radio
                key={role.key}
                value={role.key}
                data-autofocus={
                  autoFocus && (role.active || (active === null && index === 0)) ? true : undefined
                }
                label={role.label}
                description={`Works on ${SCOPE_LABELS[role.scope]}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {selectRole.isError ? (
          <Alert color="red.9" variant="light" role="alert" title="Roles error">
            {displayError(selectRole.error)}
          </Alert>
        ) : null}
        <Button
          type="submit"
          size="xs"
          w="fit-content"
          loading={selectRole.isPending}
          disabled={selected === null || selected === active}
        >
          Use this role
        </Button>
      </Stack>
    </form>
  );
}
