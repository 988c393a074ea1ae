import '../../../components/list-styles';
import { useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import {
  DROPOUT_ACTION_LABELS,
  DROPOUT_CRITERION_LABELS,
  type DropoutItem,
  type Flag,
} from '@lantern/contracts/dropout';
import { ErrorAlert, FailureAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { programmeHomePath } from '../../automatic-mails/paths';
import { useDropoutFlags } from '../api/find-dropout-flags';
import { useDropoutItems, type ProgrammeRef } from '../api/find-dropout-items';
import { useRunDropoutEvaluation } from '../api/run-dropout-evaluation';
import { FlagDetail } from '../components/flag-detail';
import { FlagStatusBadge } from '../components/flag-evidence';
import { dropoutCreatePath, dropoutItemPath } from '../paths';

export const loader = requireRight('DROPOUT_FLAGGING__DISPLAY');

const threshold = (item: Pick<DropoutItem, 'criterion' | 'percent' | 'weeks'>) =>
  item.criterion === 'inactive'
    ? `${item.weeks ?? 0} weeks`
    : item.criterion === 'below_grade'
      ? `below ${item.percent ?? 0} %`
      : `${item.percent ?? 0} % or more`;

function ItemsTable({ reference, items }: { reference: ProgrammeRef; items: DropoutItem[] }) {
  if (items.length === 0) return <Text size="sm">No items yet: nobody is flagged.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Criteria</Table.Th>
            <Table.Th>Percent</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Flagged now</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={dropoutItemPath(
                    reference.programmeType,
                    reference.programmeId,
                    item.termKey,
                    item.id,
                  )}
                  size="sm"
                >
                  {DROPOUT_CRITERION_LABELS[item.criterion]}
                </Anchor>
                {item.isActive ? null : (
                  <Text span size="sm">
                    {' '}
                    (inactive)
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{threshold(item)}</Table.Td>
              <Table.Td>{DROPOUT_ACTION_LABELS[item.action]}</Table.Td>
              <Table.Td>{item.flagged}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FlagsTable({ reference, flags }: { reference: ProgrammeRef; flags: Flag[] }) {
  const [open, setOpen] = useState<Flag | null>(null);
  if (flags.length === 0) return <Text size="sm">No student is flagged now.</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Student</Table.Th>
              <Table.Th>Class</Table.Th>
              <Table.Th>Criteria</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Evidence</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {flags.map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td>{f.name}</Table.Td>
                <Table.Td>{f.className ?? '—'}</Table.Td>
                <Table.Td>{DROPOUT_CRITERION_LABELS[f.criterion]}</Table.Td>
                <Table.Td>
                  <FlagStatusBadge status={f.status} />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      setOpen(f);
                    }}
                    aria-label={`Why ${f.name} is flagged`}
                  >
                    Why?
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={open !== null}
        onClose={() => {
          setOpen(null);
        }}
        title={open ? `Why ${open.name} is flagged` : ''}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {open ? <FlagDetail reference={reference} flagId={open.id} /> : null}
      </Modal>
    </>
  );
}

function DropoutList({ reference }: { reference: ProgrammeRef }) {
  const user = useCurrentUser();
  const items = useDropoutItems(reference);
  const flags = useDropoutFlags(reference);
  const run = useRunDropoutEvaluation();
  const programme = items.data?.programme;
  const lastRun = items.data?.lastRun;
  return (
    <Stack gap="sm" maw={1200}>
      <Anchor
        component={Link}
        to={programmeHomePath(reference.programmeType, reference.programmeId)}
        size="sm"
      >
        ← Programme
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1} fz="h2">
            Dropout flagging
          </Title>
          {programme ? (
            <Text size="sm" mt={4}>
              {programme.code} {programme.title}
            </Text>
          ) : null}
        </div>
        <Group gap="xs">
          {hasRight(user, 'DROPOUT_FLAGGING__EDIT') ? (
            <Button
              size="sm"
              variant="default"
              loading={run.isPending}
              onClick={() => {
                run.mutate(reference);
              }}
            >
              Evaluate now
            </Button>
          ) : null}
          {hasRight(user, 'DROPOUT_FLAGGING__CREATE') ? (
            <Button
              component={Link}
              to={dropoutCreatePath(reference.programmeType, reference.programmeId)}
              size="sm"
            >
              New item
            </Button>
          ) : null}
        </Group>
      </Group>
      <ErrorAlert error={items.error} />
      <FailureAlert text={run.isError ? displayError(run.error) : null} />
      {run.data ? (
        <Text size="sm" role="status">
          Evaluated: {run.data.flagged} newly flagged, {run.data.cleared} cleared, {run.data.open}{' '}
          flagged in all.
        </Text>
      ) : lastRun ? (
        <Text size="sm">
          Last evaluated {new Date(lastRun.finishedAt).toLocaleString('en-GB', { timeZone: 'UTC' })}{' '}
          UTC.
        </Text>
      ) : null}
      <Title order={2} fz="h3">
        Items
      </Title>
      <ItemsTable reference={reference} items={items.data?.items ?? []} />
      <Title order={2} fz="h3">
        Flagged students
      </Title>
      <ErrorAlert error={flags.error} />
      <FlagsTable reference={reference} flags={flags.data?.flags ?? []} />
    </Stack>
  );
}

/** `programme/professional-certificate/:programme/dropout-flagging` (spec §2). */
export default function DropoutListRoute() {
  const params = useParams();
  const programmeId = Number(params.programme);
  if (!Number.isInteger(programmeId) || programmeId < 1) return <Text>No such programme.</Text>;
  return <DropoutList reference={{ programmeType: 'professional', programmeId }} />;
}
