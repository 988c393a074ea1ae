import '../../../components/list-styles';
import { useState } from 'react';
import { Anchor, Button, Group, Modal, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
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
import { programmeHomePath } from '../../../admin/automatic-mails/public';
import { classesQueryOptions } from '../../../sis/programmes/public';
import { NO_FLAG_FILTERS, useDropoutFlags, type FlagFilters } from '../api/find-dropout-flags';
import { FlagFiltersBar, type ClassChoice } from '../components/flag-filters';
import { useDropoutItems, type ProgrammeRef } from '../api/find-dropout-items';
import { useRunDropoutEvaluation } from '../api/run-dropout-evaluation';
import { FlagDetail } from '../components/flag-detail';
import { FlagStatusBadge } from '../components/flag-evidence';
import { itemThreshold } from '../item-threshold';
import { dropoutCreatePath, dropoutItemPath, dropoutReportPath } from '../paths';

export const loader = requireRight('DROPOUT_FLAGGING__DISPLAY');

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
              <Table.Td>{itemThreshold(item)}</Table.Td>
              <Table.Td>{DROPOUT_ACTION_LABELS[item.action]}</Table.Td>
              <Table.Td>{item.flagged}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FlagsTable({
  reference,
  flags,
  emptyText,
}: {
  reference: ProgrammeRef;
  flags: Flag[];
  emptyText: string;
}) {
  const [open, setOpen] = useState<Flag | null>(null);
  if (flags.length === 0) return <Text size="sm">{emptyText}</Text>;
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

/**
 * A programme's items and flagged students; with `term`, one bachelor term's, shown inside the
 * bachelor programme's layout (its header is the page's title, decision 0022).
 */
export function DropoutList({
  reference,
  term,
  classes,
}: {
  reference: ProgrammeRef;
  term?: { key: string; label: string } | undefined;
  /** The Class filter's choices: the classes of the programme's own type the user may read. */
  classes: readonly ClassChoice[];
}) {
  const user = useCurrentUser();
  const items = useDropoutItems(reference);
  const [filters, setFilters] = useState<FlagFilters>({
    ...NO_FLAG_FILTERS,
    termKey: term?.key ?? null,
  });
  const flags = useDropoutFlags(reference, filters);
  const flagData = flags.data;
  const pages = flagData ? Math.max(1, Math.ceil(flagData.total / flagData.pageSize)) : 1;
  const isFiltered =
    filters.q.trim() !== '' ||
    filters.classId !== null ||
    filters.criterion !== null ||
    filters.flagStatus !== null;
  const run = useRunDropoutEvaluation();
  const programme = items.data?.programme;
  const lastRun = items.data?.lastRun;
  const shownItems = (items.data?.items ?? []).filter((i) => !term || i.termKey === term.key);
  return (
    <Stack gap="sm" maw={1200}>
      {term ? null : (
        <Anchor
          component={Link}
          to={programmeHomePath(reference.programmeType, reference.programmeId)}
          size="sm"
        >
          ← Programme
        </Anchor>
      )}
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={term ? 2 : 1} fz="h2">
            {term ? `Dropout flagging · ${term.label}` : 'Dropout flagging'}
          </Title>
          {programme && !term ? (
            <Text size="sm" mt={4}>
              {programme.code} {programme.title}
            </Text>
          ) : null}
        </div>
        <Group gap="xs">
          {reference.programmeType === 'professional' ? (
            <Button
              component={Link}
              to={dropoutReportPath(reference.programmeId)}
              size="sm"
              variant="default"
            >
              Tuning report
            </Button>
          ) : null}
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
              to={dropoutCreatePath(reference.programmeType, reference.programmeId, term?.key)}
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
      <Title order={term ? 3 : 2} fz="h3">
        Items
      </Title>
      <ItemsTable reference={reference} items={shownItems} />
      <Title order={term ? 3 : 2} fz="h3">
        Flagged students
      </Title>
      <FlagFiltersBar filters={filters} classes={classes} onChange={setFilters} />
      <ErrorAlert error={flags.error} />
      {/* None is said once, by the empty table. */}
      {flagData && flagData.total > 0 ? (
        <Text size="sm" role="status">
          {flagData.total === 1 ? '1 student' : `${flagData.total} students`}
          {filters.status === 'open' ? ' flagged now' : ' no longer flagged'}
          {isFiltered ? ' match' : ''}.
        </Text>
      ) : null}
      <FlagsTable
        reference={reference}
        flags={flagData?.flags ?? []}
        emptyText={
          isFiltered
            ? 'No flagged student matches: change the search or the filters.'
            : filters.status === 'open'
              ? 'No student is flagged now.'
              : 'No flag has cleared yet.'
        }
      />
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={filters.page}
          onChange={(page) => {
            setFilters({ ...filters, page });
          }}
        />
      ) : null}
    </Stack>
  );
}

/** `programme/professional-certificate/:programme/dropout-flagging` (spec §2). */
export default function DropoutListRoute() {
  const params = useParams();
  const user = useCurrentUser();
  const programmeId = Number(params.programme);
  const valid = Number.isInteger(programmeId) && programmeId > 0;
  // The class filter: the programme's classes, for those who may read them.
  const classes = useQuery({
    ...classesQueryOptions(programmeId),
    enabled: valid && hasRight(user, 'CLASSROOM__DISPLAY'),
  });
  if (!valid) return <Text>No such programme.</Text>;
  return (
    <DropoutList
      reference={{ programmeType: 'professional', programmeId }}
      classes={classes.data?.classes ?? []}
    />
  );
}
