import { useMemo, useState } from 'react';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import type { RightInfo, Role } from '@lantern/contracts/authorisation';
import { rightActionLabel, rightFamilyLabel, rightLabel } from '@lantern/contracts/labels';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { groupRights, rightsChange } from '../matrix';
import { counted } from '../../../lib/plural';

type RoleRightsModalProps = {
  role: Role | null;
  rights: RightInfo[];
  onClose: () => void;
  /** Hands the chosen set on to the confirmation. */
  onReview: (role: Role, rights: string[]) => void;
};

/** Chooses the rights a role holds, family by family, with a search; saving goes through the
 * confirmation that says whose rights change. */
export function RoleRightsModal({ role, rights, onClose, onReview }: RoleRightsModalProps) {
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={role !== null}
      onClose={onClose}
      title={role ? `Rights of ${role.label}` : ''}
      size="lg"
    >
      {role ? (
        <RightsPicker
          key={`${role.key}:${role.version}`}
          role={role}
          rights={rights}
          onClose={onClose}
          onReview={onReview}
        />
      ) : null}
    </Modal>
  );
}

function RightsPicker({
  role,
  rights,
  onClose,
  onReview,
}: {
  role: Role;
  rights: RightInfo[];
  onClose: () => void;
  onReview: (role: Role, rights: string[]) => void;
}) {
  const [chosen, setChosen] = useState(() => new Set(role.rights));
  const [q, setQ] = useState('');
  const families = useMemo(() => groupRights(rights, q), [rights, q]);
  const diff = rightsChange(role.rights, [...chosen]);
  const toggle = (keys: string[], on: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      for (const k of keys) {
        if (on) next.add(k);
        else next.delete(k);
      }
      return next;
    });
  };
  return (
    <Stack gap="sm">
      <TextInput
        label="Search"
        type="search"
        placeholder="Family or right"
        value={q}
        onChange={(e) => {
          setQ(e.currentTarget.value);
        }}
      />
      <ScrollArea.Autosize mah="55dvh" type="auto">
        <Stack gap="xs" pe="sm">
          {families.map((family) => {
            const keys = family.rights.map((r) => r.key);
            const count = keys.filter((k) => chosen.has(k)).length;
            return (
              <Stack key={family.family} gap={4}>
                <Checkbox
                  label={
                    <Text fw={700} size="sm">
                      {rightFamilyLabel(family.family)}{' '}
                      <Text span size="xs" fw={400} c="gray.7" ff="monospace">
                        {family.family}
                      </Text>
                    </Text>
                  }
                  checked={count === keys.length}
                  indeterminate={count > 0 && count < keys.length}
                  onChange={(e) => {
                    toggle(keys, e.currentTarget.checked);
                  }}
                />
                <Group gap="xs" ps="lg">
                  {family.rights.map((r) => (
                    <Checkbox
                      key={r.key}
                      size="xs"
                      label={rightActionLabel(r.action)}
                      aria-label={rightLabel(r.key)}
                      title={r.key}
                      checked={chosen.has(r.key)}
                      onChange={(e) => {
                        toggle([r.key], e.currentTarget.checked);
                      }}
                    />
                  ))}
                </Group>
              </Stack>
            );
          })}
          {families.length === 0 ? <Text size="sm">No right matches the search.</Text> : null}
        </Stack>
      </ScrollArea.Autosize>
      <Text size="sm" aria-live="polite">
        {counted(chosen.size, 'right')} chosen: {diff.added.length} to give, {diff.removed.length}{' '}
        to take away.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={diff.added.length === 0 && diff.removed.length === 0}
          onClick={() => {
            onReview(role, [...chosen].sort());
          }}
        >
          Review change
        </Button>
      </Group>
    </Stack>
  );
}
