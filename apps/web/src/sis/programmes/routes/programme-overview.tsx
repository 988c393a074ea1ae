import '../../../components/list-styles';
import '../../../components/form-styles';
import { Anchor, Button, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Programme } from '@lantern/contracts/programme';
import { ErrorAlert } from '../../../components/failure-alert';
import { HistoryList } from '../../../components/history-list';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useProgramme } from '../api/get-programme';
import { useProgrammeHistory } from '../api/get-programme-history';
import { ProgrammeActions } from '../components/programme-actions';
import { ProgrammeDetails } from '../components/programme-details';
import { ProgrammeSectionLinks } from '../components/programme-section-links';
import { ProgrammeStatusBadge } from '../components/status-badges';
import { StudentsSection } from '../components/students-section';
import { programmeEditPath, programmeListPath } from '../paths';
import { formatDateRange } from '../../../lib/format';

export const loader = requireRight('PC_PROGRAMME__DISPLAY');

const HISTORY_LABELS = { clcs: 'CLCs', clcIds: 'CLCs', gradingSchemaId: 'Grading schema' };

const isCourse = (value: unknown): value is { code: unknown; title: unknown; units: unknown } =>
  typeof value === 'object' && value !== null && 'code' in value && 'title' in value;

/** Courses read as 'SOL1 Solar basics (3 units)', not as stored objects. */
const formatHistory = (field: string, value: unknown): string | null =>
  field === 'courses' && Array.isArray(value)
    ? value
        .filter(isCourse)
        .map((c) => `${String(c.code)} ${String(c.title)} (${String(c.units)} units)`)
        .join(', ') || '—'
    : null;

function ProgrammeHistory({ id }: { id: number }) {
  const history = useProgrammeHistory(id);
  if (history.isError) return <ErrorAlert error={history.error} />;
  if (!history.data) return <Loader role="status" size="sm" aria-label="Loading history" />;
  return <HistoryList entries={history.data} labels={HISTORY_LABELS} format={formatHistory} />;
}

function ProgrammeOverview({
  programme,
  onReload,
}: {
  programme: Programme;
  onReload: () => void;
}) {
  const user = useCurrentUser();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1} fz="h2">
            {programme.code} {programme.title}
          </Title>
          <Group gap="xs" mt={4}>
            <ProgrammeStatusBadge status={programme.status} size="md" />
            <Text size="sm">{programme.internalName}</Text>
            <Text size="sm" c="dimmed">
              {formatDateRange(programme.startDate, programme.endDate)}
            </Text>
          </Group>
        </div>
        {hasRight(user, 'PC_PROGRAMME__EDIT') ? (
          <Button component={Link} to={programmeEditPath(programme.id)} size="sm">
            Edit programme
          </Button>
        ) : null}
      </Group>
      <ProgrammeActions programme={programme} onReload={onReload} />
      <ProgrammeSectionLinks programmeId={programme.id} />
      <ProgrammeDetails programme={programme} />
      {hasRight(user, 'PC_STUDENT__DISPLAY') ? (
        <>
          <Divider />
          <StudentsSection programme={programme} />
        </>
      ) : null}
      <Divider />
      <ProgrammeHistory id={programme.id} />
    </Stack>
  );
}

export default function ProgrammeOverviewRoute() {
  const id = Number(useParams().programme);
  const programme = useProgramme(id);
  return (
    <Stack gap="sm" maw={1200}>
      <Anchor component={Link} to={programmeListPath('professional-certificate')} size="sm">
        ← Programmes
      </Anchor>
      {programme.isPending ? <Loader role="status" aria-label="Loading programme" /> : null}
      <ErrorAlert error={programme.error} />
      {programme.data ? (
        <ProgrammeOverview programme={programme.data} onReload={() => void programme.refetch()} />
      ) : null}
    </Stack>
  );
}
