import '../../../components/list-styles';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, Navigate, useOutletContext, useParams } from 'react-router';
import {
  currentTermYear,
  TERM_ORDER,
  termLabel,
  termYearSchema,
  type BachelorSummary,
} from '@lantern/contracts/bachelor';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDate } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useDropoutItems } from '../../../lms/dropout/public';
import { bachelorPaths } from '../paths';

export const loader = requireRight('DROPOUT_FLAGGING__DISPLAY');

/**
 * `programme/bachelor/:programme/dropout-flagging/:termYear` (spec §2; no year: this year, §9):
 * the year's terms, each with its dropout items and how many they flag now.
 */
export default function BachelorDropoutYear() {
  const programme = useOutletContext<BachelorSummary>();
  const params = useParams();
  const parsed = termYearSchema.safeParse(params.termYear ?? currentTermYear());
  const items = useDropoutItems({ programmeType: 'bachelor', programmeId: programme.id });
  if (!parsed.success) return <Navigate to={bachelorPaths.dropout(programme.id)} replace />;
  const year = parsed.data;
  const terms = programme.terms
    .filter((t) => t.year === year)
    .sort((a, b) => TERM_ORDER[a.season] - TERM_ORDER[b.season]);
  const itemsOf = (key: string) => (items.data?.items ?? []).filter((i) => i.termKey === key);
  return (
    <Stack gap="sm" maw={960}>
      <Group justify="space-between" align="center">
        <Title order={2} fz="h2">
          Dropout flagging · {year}
        </Title>
        <Group gap="xs">
          <Button
            component={Link}
            to={bachelorPaths.dropout(programme.id, year - 1)}
            size="xs"
            variant="default"
          >
            {year - 1}
          </Button>
          <Button
            component={Link}
            to={bachelorPaths.dropout(programme.id, year + 1)}
            size="xs"
            variant="default"
          >
            {year + 1}
          </Button>
        </Group>
      </Group>
      <ErrorAlert error={items.error} />
      {terms.length === 0 ? (
        <Text size="sm">This programme has no term in {year}.</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Term</Table.Th>
              <Table.Th>Starts</Table.Th>
              <Table.Th>Items</Table.Th>
              <Table.Th>Flagged now</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {terms.map((t) => {
              const own = itemsOf(t.key);
              return (
                <Table.Tr key={t.key}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={bachelorPaths.dropoutTerm(programme.id, t.year, t.key)}
                      size="sm"
                    >
                      {t.name || termLabel(t.year, t.season)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(t.startDate)}</Table.Td>
                  <Table.Td>{items.data ? own.length : '…'}</Table.Td>
                  <Table.Td>{items.data ? own.reduce((n, i) => n + i.flagged, 0) : '…'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
