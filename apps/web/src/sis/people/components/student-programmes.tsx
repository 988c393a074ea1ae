import {
  Anchor,
  Badge,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import type { HistoryEntry } from '@lantern/contracts/clc';
import {
  ENROLMENT_ACTION_KEYS,
  ENROLMENT_ACTIONS,
  ENROLMENT_STATE_LABELS,
  PROGRAMME_STATUS_LABELS,
  PROGRAMME_TYPE_LABELS,
  type EnrolmentAction,
  type StudentProgramme,
  type StudyBreak,
} from '@lantern/contracts/programme';
import { ErrorAlert } from '../../../components/failure-alert';
import { humanize } from '../../../components/history-list';
import { formatDate, formatDateRange, formatDateTime } from '../../../lib/format';
import { useStudentProgrammes } from '../api/get-student-programmes';

/** Only a professional certificate has an overview page so far. */
const overviewPath = (p: StudentProgramme['programme']) =>
  p.type === 'professional' ? `/en/programme/professional-certificate/${p.id}/overview` : null;

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
};

const ACTION_LABELS: Readonly<Record<string, string>> = {
  'break.added': 'Study break added',
  'break.ended': 'Study break ended',
  'break.removed': 'Study break removed',
  'enrolment.moved': 'Class changed',
};

const isEnrolmentAction = (action: string): action is EnrolmentAction =>
  ENROLMENT_ACTION_KEYS.some((key) => key === action);

/** What was done, as the programme screens name it: 'Finalize (pass)', 'Study break added'. */
const actionLabel = (action: string) =>
  isEnrolmentAction(action)
    ? ENROLMENT_ACTIONS[action].label
    : (ACTION_LABELS[action] ?? humanize(action));

/* Internal ids say nothing here: a break's id, and the classes of a move (the class the student
 * is in now stands above). */
const hiddenChanges = (action: string): ReadonlySet<string> =>
  new Set(action === 'enrolment.moved' ? ['breakId', 'from', 'to'] : ['breakId']);

/** A history entry's changes in one line: 'State: applied → active; Reason: …'. */
const changesText = (entry: HistoryEntry) =>
  Object.entries(entry.changes ?? {})
    .filter(([field]) => !hiddenChanges(entry.action).has(field))
    .map(([field, value]) =>
      isChange(value)
        ? `${humanize(field)}: ${shown(value.from)} → ${shown(value.to)}`
        : `${humanize(field)}: ${shown(value)}`,
    )
    .join('; ');

function Breaks({ breaks }: { breaks: StudyBreak[] }) {
  if (breaks.length === 0) return <Text size="sm">None</Text>;
  return (
    <List size="sm" spacing={2}>
      {breaks.map((b) => (
        <List.Item key={b.id}>
          <Text span size="sm" fw={b.current ? 700 : undefined}>
            {formatDateRange(b.startsOn, b.endsOn)}
          </Text>
          {b.reason ? ` · ${b.reason}` : ''}{' '}
          {b.current ? (
            <Badge size="xs" variant="filled" color="violet.9" tt="none">
              Now
            </Badge>
          ) : null}
        </List.Item>
      ))}
    </List>
  );
}

/** Who did what and when, newest first; one entry a line, so a phone needs no side scroll. */
function History({ entries, label }: { entries: HistoryEntry[]; label: string }) {
  if (entries.length === 0) return <Text size="sm">No changes recorded yet.</Text>;
  return (
    <Stack gap={4} component="ol" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Text component="li" key={entry.id} size="sm">
          <Text span size="sm" fw={600}>
            {actionLabel(entry.action)}
          </Text>
          {changesText(entry) ? ` · ${changesText(entry)}` : ''}
          <Text span size="xs" display="block">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> ·{' '}
            {entry.actor?.name ?? 'System'}
            {entry.impersonator ? ` (signed in as them by ${entry.impersonator.name})` : ''}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

function ProgrammeEntry({ entry, canOpen }: { entry: StudentProgramme; canOpen: boolean }) {
  const { programme } = entry;
  const name = `${programme.code} ${programme.title}`;
  const path = canOpen ? overviewPath(programme) : null;
  return (
    <Paper withBorder p="sm" component="article" aria-label={name}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Title order={3} fz="h5">
            {path ? (
              <Anchor component={Link} to={path} inherit>
                {name}
              </Anchor>
            ) : (
              name
            )}
          </Title>
          <Badge size="sm" variant="outline" color="gray.8" tt="none">
            {PROGRAMME_TYPE_LABELS[programme.type]}
          </Badge>
          <Badge size="sm" variant="filled" color="gray.8" tt="none">
            Programme {PROGRAMME_STATUS_LABELS[programme.status].toLowerCase()}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <div>
            <Text size="xs" fw={600}>
              State
            </Text>
            <Text size="sm" fw={700}>
              {ENROLMENT_STATE_LABELS[entry.state]}
              {entry.onBreak?.current
                ? ` · on break until ${formatDate(entry.onBreak.endsOn)}`
                : ''}
            </Text>
          </div>
          <div>
            <Text size="xs" fw={600}>
              Class
            </Text>
            <Text size="sm">{entry.class?.name ?? '—'}</Text>
          </div>
          <div>
            <Text size="xs" fw={600}>
              CLC
            </Text>
            <Text size="sm">{entry.clc?.code ?? '—'}</Text>
          </div>
          <div>
            <Text size="xs" fw={600}>
              Dates
            </Text>
            <Text size="sm">{formatDateRange(programme.startDate, programme.endDate)}</Text>
          </div>
        </SimpleGrid>
        {entry.reason ? <Text size="sm">Reason: {entry.reason}</Text> : null}
        <div>
          <Text size="xs" fw={600} mb={2}>
            Study breaks
          </Text>
          <Breaks breaks={entry.breaks} />
        </div>
        <div>
          <Text size="xs" fw={600} mb={2}>
            History
          </Text>
          <History entries={entry.history} label={`History in ${name}`} />
        </div>
      </Stack>
    </Paper>
  );
}

/** The programmes a student is in, each with their state, class, CLC, breaks and history. */
export function StudentProgrammes({
  studentId,
  canOpenProgrammes,
}: {
  studentId: number;
  canOpenProgrammes: boolean;
}) {
  const programmes = useStudentProgrammes(studentId);
  return (
    <Stack gap="xs" component="section" aria-labelledby="student-programmes">
      <Title order={2} fz="h4" id="student-programmes">
        Programmes
      </Title>
      {programmes.isPending ? (
        <Loader role="status" size="sm" aria-label="Loading programmes" />
      ) : null}
      <ErrorAlert error={programmes.error} />
      {programmes.data?.length === 0 ? <Text size="sm">Not in any programme yet.</Text> : null}
      {programmes.data?.map((entry) => (
        <ProgrammeEntry key={entry.enrolmentId} entry={entry} canOpen={canOpenProgrammes} />
      ))}
    </Stack>
  );
}
