import { Anchor, Button, Loader, Stack, Table, Text } from '@mantine/core';
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
  // The arrow points the way the text reads.
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
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</Table.Td>
              <Table.Td>
                <span title={e.course.title}>{e.course.code}</span>
              </Table.Td>
              <Table.Td>{subjectTitle(t, e)}</Table.Td>
              <Table.Td>
                <ActionCell entry={e} linkRequest={!learner} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {stateText(t, e.old, e.maxPoints)} {arrow} {stateText(t, e.new, e.maxPoints)}
                </Text>
                {e.comment ? (
                  <Text size="xs" c="gray.8" lineClamp={3}>
                    {e.comment}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{whoText(t, e)}</Table.Td>
              <Table.Td>{e.reason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
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
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Stack gap="sm">
      <ErrorAlert error={query.error} />
      {query.isPending ? (
        <Loader size="sm" role="status" aria-label={t('gradeHistory.loading', 'Loading')} />
      ) : null}
      {query.data && entries.length === 0 ? <Text size="sm">{empty}</Text> : null}
      {entries.length > 0 ? <HistoryTable entries={entries} learner={learner} /> : null}
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
