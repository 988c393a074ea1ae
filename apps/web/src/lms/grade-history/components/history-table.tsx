import { Anchor, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE } from '../../../lib/media';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GradeHistoryEntry } from '@lantern/contracts/ledger';
import { ErrorAlert } from '../../../components/failure-alert';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDateTime } from '../../../lib/format';
import { actionLabel, stateText, subjectTitle, whoText } from '../labels';

/** The request page another slice builds (decision 0021 §2.6). */
const requestPath = (id: number) => `/en/learning/grade-request/${String(id)}`;

function ActionCell({ entry, linkRequest }: { entry: GradeHistoryEntry; linkRequest: boolean }) {
  const { t } = useTranslation();
  const label = actionLabel(t, entry);
  if (entry.requestId === null || !linkRequest) return <>{label}</>;
  return (
    <Anchor component={Link} to={requestPath(entry.requestId)} size="sm">
      {label}
    </Anchor>
  );
}

/**
 * A grade history, newest first: when, course and task, the action in words, old → new, who and
 * why. `learner`: one's own history (no request links: the request pages are staff pages).
 */
export function HistoryTable({
  entries,
  learner = false,
}: {
  entries: GradeHistoryEntry[];
  learner?: boolean;
}) {
  const { t } = useTranslation();
  // The arrow points the way the text reads; each state is isolated (<bdi>), so in right to
  // left the old one stands at the right even while the words stay English.
  const arrow = document.documentElement.dir === 'rtl' ? '←' : '→';
  return (
    <ScrollTable minWidth={880} label={t('gradeHistory.tableLabel', 'Grade changes')}>
      <Table striped verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('gradeHistory.when', 'When')}</Table.Th>
            <Table.Th>{t('gradeHistory.course', 'Course')}</Table.Th>
            <Table.Th>{t('gradeHistory.task', 'Task')}</Table.Th>
            <Table.Th>{t('gradeHistory.what', 'What happened')}</Table.Th>
            <Table.Th>{t('gradeHistory.change', 'Grade')}</Table.Th>
            <Table.Th>{t('gradeHistory.by', 'By')}</Table.Th>
            <Table.Th>{t('gradeHistory.reason', 'Reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <bdi>{formatDateTime(e.at)}</bdi>
              </Table.Td>
              <Table.Td>
                <span title={e.course.title}>{e.course.code}</span>
              </Table.Td>
              <Table.Td>
                <bdi>{subjectTitle(t, e)}</bdi>
              </Table.Td>
              <Table.Td>
                <ActionCell entry={e} linkRequest={!learner} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  <bdi>{stateText(t, e.old, e.maxPoints, e.subject)}</bdi> {arrow}{' '}
                  <bdi>{stateText(t, e.new, e.maxPoints, e.subject)}</bdi>
                </Text>
                {e.comment ? (
                  <Text size="xs" c="gray.8" lineClamp={3} dir="auto">
                    {e.comment}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <bdi>{whoText(t, e)}</bdi>
              </Table.Td>
              <Table.Td>
                <bdi>{e.reason ?? '—'}</bdi>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/**
 * The same history on a phone: one block per change (a seven-column table would show three
 * columns and hide the rest sideways). A list, so a screen reader says how many there are.
 */
export function HistoryCards({
  entries,
  learner = false,
}: {
  entries: GradeHistoryEntry[];
  learner?: boolean;
}) {
  const { t } = useTranslation();
  const arrow = document.documentElement.dir === 'rtl' ? '←' : '→';
  return (
    <Stack
      component="ul"
      gap={0}
      aria-label={t('gradeHistory.tableLabel', 'Grade changes')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {entries.map((e) => (
        <Stack
          component="li"
          key={e.id}
          gap={2}
          py="xs"
          style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={700}>
              <ActionCell entry={e} linkRequest={!learner} />
            </Text>
            <Text size="xs" c="gray.8">
              <bdi>{formatDateTime(e.at)}</bdi>
            </Text>
          </Group>
          <Text size="sm">
            <bdi>{e.course.code}</bdi> · <bdi>{subjectTitle(t, e)}</bdi>
          </Text>
          <Text size="sm">
            <bdi>{stateText(t, e.old, e.maxPoints, e.subject)}</bdi> {arrow}{' '}
            <bdi>{stateText(t, e.new, e.maxPoints, e.subject)}</bdi>
          </Text>
          {e.comment ? (
            <Text size="xs" c="gray.8" lineClamp={3} dir="auto">
              {e.comment}
            </Text>
          ) : null}
          <Text size="xs" c="gray.8">
            {t('gradeHistory.byWho', 'By {{who}}', { who: whoText(t, e) })}
            {e.reason ? (
              <>
                {' · '}
                <bdi>{e.reason}</bdi>
              </>
            ) : null}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** What an infinite history query gives the list. */
export type HistoryQuery = {
  data: { pages: { entries: GradeHistoryEntry[] }[] } | undefined;
  error: unknown;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** The history with its loading, empty and failed states and "Load more" (keyset paging). */
export function HistoryList({
  query,
  learner = false,
  empty,
}: {
  query: HistoryQuery;
  learner?: boolean;
  empty: string;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Stack gap="sm">
      <ErrorAlert error={query.error} />
      {query.isPending ? (
        <Loader size="sm" role="status" aria-label={t('gradeHistory.loading', 'Loading')} />
      ) : null}
      {query.data && entries.length === 0 ? <Text size="sm">{empty}</Text> : null}
      {entries.length > 0 && isPhone ? <HistoryCards entries={entries} learner={learner} /> : null}
      {entries.length > 0 && !isPhone ? <HistoryTable entries={entries} learner={learner} /> : null}
      {query.hasNextPage ? (
        <div>
          <Button
            variant="default"
            size="xs"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('gradeHistory.loadMore', 'Load more')}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}
