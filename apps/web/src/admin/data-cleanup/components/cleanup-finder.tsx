import { useState } from 'react';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  CLEANUP_DEFAULT_MONTHS,
  CLEANUP_KINDS,
  CLEANUP_LABELS,
  CLEANUP_SPARED_LABELS,
  type CleanupCriteria,
  type CleanupDryRun,
  type CleanupKind,
} from '@lantern/contracts/data-checks';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorAlert } from '../../../components/failure-alert';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useDryRun } from '../api/dry-run-cleanup';
import { useRunCleanup } from '../api/run-cleanup';

const KIND_OPTIONS = CLEANUP_KINDS.map((k) => ({ value: k, label: CLEANUP_LABELS[k] }));

const people = (n: number) => (n === 1 ? '1 person' : `${n.toLocaleString('en')} people`);

/** Who fits the criteria but is kept, and why: "3 people kept: 2 applied or active in …". */
function SparedNote({ spared }: { spared: CleanupDryRun['spared'] }) {
  if (spared.total === 0) return null;
  const reasons = spared.reasons
    .filter((r) => r.count > 0)
    .map((r) => `${r.count.toLocaleString('en')} ${CLEANUP_SPARED_LABELS[r.reason]}`);
  return (
    <Text size="sm" c="dimmed">
      {people(spared.total)} kept although they fit: {reasons.join('; ')}.
    </Text>
  );
}

/** Pick a finder, see what a run would remove (a dry run), confirm, remove. */
export function CleanupFinder({
  canDelete,
  onRemoved,
}: {
  canDelete: boolean;
  onRemoved: (count: number) => void;
}) {
  const [kind, setKind] = useState<CleanupKind>('stale-accounts');
  const [months, setMonths] = useState<number>(CLEANUP_DEFAULT_MONTHS);
  const [criteria, setCriteria] = useState<CleanupCriteria | null>(null);
  const [confirming, setConfirming] = useState(false);
  const dry = useDryRun(criteria);
  const run = useRunCleanup();
  const usesMonths = kind !== 'without-role';
  const count = dry.data?.count ?? 0;
  return (
    <Stack gap="sm" component="section" aria-labelledby="cleanup-finder">
      <Title order={2} fz="h3" id="cleanup-finder">
        Find stale data
      </Title>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          label="Finder"
          data={KIND_OPTIONS}
          value={kind}
          allowDeselect={false}
          w={{ base: '100%', xs: 300 }}
          onChange={(v) => {
            if (v) setKind(v as CleanupKind);
            setCriteria(null);
          }}
        />
        {usesMonths ? (
          <NumberInput
            label="Older than (months)"
            min={1}
            max={240}
            w={170}
            value={months}
            onChange={(v) => {
              setMonths(typeof v === 'number' ? v : CLEANUP_DEFAULT_MONTHS);
              setCriteria(null);
            }}
          />
        ) : null}
        <Button
          variant="default"
          onClick={() => {
            run.reset();
            setCriteria({ kind, months });
          }}
        >
          Dry run
        </Button>
      </Group>
      <ErrorAlert error={dry.error} />
      {criteria && dry.data ? (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={600} role="status">
              {count === 1 ? '1 person found' : `${count.toLocaleString('en')} people found`}
              {count > 20 ? ' (the first 20 below)' : ''}
            </Text>
            {canDelete && count > 0 ? (
              <Button
                color="red.9"
                size="xs"
                onClick={() => {
                  setConfirming(true);
                }}
              >
                Remove {count === 1 ? '1 person' : `${count} people`}…
              </Button>
            ) : null}
          </Group>
          <SparedNote spared={dry.data.spared} />
          {count > 0 ? (
            <Table fz="sm" striped withTableBorder aria-label="People found">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>JWL-ID</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th visibleFrom="sm">Roles</Table.Th>
                  <Table.Th visibleFrom="sm">Created</Table.Th>
                  <Table.Th>Last sign-in</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {dry.data.examples.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.id}</Table.Td>
                    <Table.Td>
                      {p.firstName} {p.lastName} ({p.username})
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      {p.roles.join(', ').toLowerCase() || 'none'}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{formatDateTime(p.createdAt)}</Table.Td>
                    <Table.Td>{p.lastSignInAt ? formatDateTime(p.lastSignInAt) : 'never'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </Stack>
      ) : null}
      <Modal
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        closeButtonProps={CLOSE_LABEL}
        title="Remove people"
      >
        <Stack gap="sm">
          <Text>Remove {count === 1 ? '1 person' : `${count} people`}? They can be restored.</Text>
          <DialogActions
            backLabel="Cancel"
            onBack={() => {
              setConfirming(false);
            }}
            label="Remove"
            color="red.9"
            isBusy={run.isPending}
            failure={run.error ? displayError(run.error) : null}
            onConfirm={() => {
              if (!criteria) return;
              run.mutate(
                { ...criteria, expectedCount: count },
                {
                  onSuccess: (done) => {
                    setConfirming(false);
                    setCriteria(null);
                    onRemoved(done.count);
                  },
                },
              );
            }}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
