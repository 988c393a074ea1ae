import { useState } from 'react';
import { Alert, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { Role } from '@lantern/contracts/authorisation';
import { rightLabel } from '@lantern/contracts/labels';
import { DialogActions } from '../../../components/dialog-actions';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateRoleRights } from '../api/update-role-rights';
import { affectedText, rightsChange } from '../matrix';

type ConfirmRightsModalProps = {
  /** The role to change and the rights it is to hold; null while nothing is asked. */
  change: { role: Role; rights: string[] } | null;
  onClose: () => void;
  onSaved?: () => void;
};

function RightList({ title, rights }: { title: string; rights: string[] }) {
  if (rights.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title} ({rights.length})
      </Text>
      <Group gap={4}>
        {rights.map((r) => (
          <Code key={r} title={r}>
            {rightLabel(r)}
          </Code>
        ))}
      </Group>
    </Stack>
  );
}

/** Asks before a role's rights change, saying whose rights change with it. */
export function ConfirmRightsModal({ change, onClose, onSaved }: ConfirmRightsModalProps) {
  const save = useUpdateRoleRights();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const diff = change ? rightsChange(change.role.rights, change.rights) : null;
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={change !== null}
      onClose={close}
      title={change ? `Change the rights of ${change.role.label}` : ''}
    >
      {change && diff ? (
        <Stack gap="sm">
          <RightList title="Given" rights={diff.added} />
          <RightList title="Taken away" rights={diff.removed} />
          <Alert color="yellow" variant="light" role="note">
            {affectedText(change.role.userCount)} They have the new rights at their next request.
          </Alert>
          <DialogActions
            failure={failure}
            onBack={close}
            backLabel="Cancel"
            label="Change rights"
            isBusy={save.isPending}
            onConfirm={() => {
              setFailure(null);
              save.mutate(
                { key: change.role.key, version: change.role.version, rights: change.rights },
                {
                  onSuccess: () => {
                    notifySuccess('role-rights');
                    close();
                    onSaved?.();
                  },
                  onError: (error) => {
                    setFailure(displayError(error));
                  },
                },
              );
            }}
          />
        </Stack>
      ) : null}
    </Modal>
  );
}
